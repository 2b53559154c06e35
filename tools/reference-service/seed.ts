// Deterministic, realistic accounts for the reference service. Pure: the same input always gives
// the same account, and nothing here touches the clock, the network or the disk.

import { formatIPv4, formatIPv6 } from './ip-addresses';
import type { Account, Plan, Proxy, UserRecord } from './records';
import {
  CITIES,
  FAMILY_NAMES,
  GIVEN_NAMES,
  PLAN_COUNTRIES,
  PLAN_PRODUCTS,
  PLAN_SIZES,
  ROTATE_INTERVALS_SECONDS,
  STREETS,
  URL_UNSAFE_PASSWORD_CHARACTERS,
} from './sample-data';
import type { Random } from './seeded-random';
import { createRandom } from './seeded-random';

export interface GenerateAccountInput {
  seed: number;
  username: string;
  plans: number;
  proxiesPerPlan: number;
  /** The moment "now" in epoch milliseconds; expiry dates are placed relative to it. */
  now: number;
  /** Ids are unique per server, so the server hands each account the next free ids. */
  firstPlanId?: number;
  firstProxyId?: number;
}

/** Why a plan is special: accounts with 3+ plans get one of each so clients meet every case. */
type PlanRole = 'blocked' | 'expired' | 'expiring-soon' | 'active';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const PLAN_TERMS_DAYS = [30, 90, 180, 365] as const;
const PASSWORD_ALPHABET = [...'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789'];
const UNSAFE_CHARACTERS = [...URL_UNSAFE_PASSWORD_CHARACTERS];

// Plan ids and proxy ids start far apart so that a client mixing them up hits "not found".
const DEFAULT_FIRST_PLAN_ID = 100;
const DEFAULT_FIRST_PROXY_ID = 10_000;

export function generateAccount(input: GenerateAccountInput): Account {
  const random = createRandom(input.seed);
  const user = generateUser(random, input.username, input.now);
  const roles = assignPlanRoles(random, input.plans);
  const ids = {
    plan: input.firstPlanId ?? DEFAULT_FIRST_PLAN_ID,
    proxy: input.firstProxyId ?? DEFAULT_FIRST_PROXY_ID,
  };
  const plans: Plan[] = [];
  for (const role of roles) {
    const plan = generatePlan(random, {
      id: ids.plan,
      firstProxyId: ids.proxy,
      role,
      proxies: input.proxiesPerPlan,
      now: input.now,
      userCreatedAt: Date.parse(user.creation_date),
      usernameSlug: slug(input.username),
      // Guarantees at least one password per account that must be URL-encoded.
      forceUnsafePassword: plans.length === 0,
    });
    plans.push(plan);
    // Small random gaps: ids that are not array positions catch clients that confuse the two.
    ids.plan = plan.id + random.int(1, 3);
    const lastProxy = plan.proxies.at(-1);
    if (lastProxy) ids.proxy = lastProxy.id + random.int(1, 2);
  }
  return { user, plans };
}

function generateUser(random: Random, username: string, now: number): UserRecord {
  const city = random.pick(CITIES);
  return {
    uuid: uuidV4(random),
    username,
    // Old enough that every plan, including the long-expired one, starts after it.
    creation_date: isoUtc(now - random.int(400, 2000) * DAY_MS - random.int(0, DAY_MS)),
    creation_ip: formatIPv4([192, 0, 2, random.int(1, 254)]),
    name: random.pick(GIVEN_NAMES),
    surname: random.pick(FAMILY_NAMES),
    address: `${random.int(1, 240)} ${random.pick(STREETS)}, ${city.postcode} ${city.city}, ${city.country}`,
  };
}

function assignPlanRoles(random: Random, count: number): PlanRole[] {
  const roles: PlanRole[] = Array.from({ length: count }, () => 'active');
  if (count < 3) return roles;
  // Random positions, so clients cannot rely on the special plans coming first.
  const [blocked = 0, expired = 1, expiringSoon = 2] = random.shuffle(roles.map((_, i) => i));
  roles[blocked] = 'blocked';
  roles[expired] = 'expired';
  roles[expiringSoon] = 'expiring-soon';
  return roles;
}

interface PlanInput {
  id: number;
  firstProxyId: number;
  role: PlanRole;
  proxies: number;
  now: number;
  userCreatedAt: number;
  usernameSlug: string;
  forceUnsafePassword: boolean;
}

function generatePlan(random: Random, input: PlanInput): Plan {
  const product = random.pick(PLAN_PRODUCTS);
  const proxyLimit = pickProxyLimit(random, input.proxies);
  const expiresAt = pickExpiry(random, input.role, input.now);
  const createdAt = Math.max(
    input.role === 'expired'
      ? expiresAt - random.pick(PLAN_TERMS_DAYS) * DAY_MS
      : input.now - random.int(1, 364) * DAY_MS - random.int(0, DAY_MS),
    input.userCreatedAt + DAY_MS,
  );
  const network: PlanNetwork = {
    // Entry points come from the documentation ranges (RFC 5737): valid, and routed nowhere.
    entryPoint: random.chance(0.5)
      ? formatIPv4([198, 51, 100, random.int(1, 254)])
      : formatIPv4([203, 0, 113, random.int(1, 254)]),
    portOffset: random.int(0, 50_000),
    ipv6Prefix: [0x2001, 0x0db8, random.int(0, 0xffff), random.int(0, 0xffff)],
    // Half the plans number their hosts from 1, which gives compressed "::" addresses.
    sequentialHosts: random.chance(0.5),
    ipClass: product.ipClass,
  };

  const proxies: Proxy[] = [];
  let proxyId = input.firstProxyId;
  for (let index = 0; index < input.proxies; index++) {
    proxies.push(
      generateProxy(random, network, {
        id: proxyId,
        index,
        usernameSlug: input.usernameSlug,
        forceUnsafePassword: input.forceUnsafePassword && index === 0,
      }),
    );
    proxyId += random.int(1, 2);
  }

  return {
    id: input.id,
    name: `${product.name} ${random.pick(PLAN_COUNTRIES)} ${proxyLimit}`,
    creation_date: isoUtc(createdAt),
    expire_date: isoUtc(expiresAt),
    is_blocked: input.role === 'blocked',
    proxy_limit: proxyLimit,
    proxies,
  };
}

/** What the proxies of one plan share: a gateway, a port range and an IPv6 prefix. */
interface PlanNetwork {
  entryPoint: string;
  portOffset: number;
  ipv6Prefix: number[];
  sequentialHosts: boolean;
  ipClass: number;
}

interface ProxyInput {
  id: number;
  index: number;
  usernameSlug: string;
  forceUnsafePassword: boolean;
}

const FIRST_PORT = 10_000;
const PORT_COUNT = 65_535 - FIRST_PORT + 1;

function generateProxy(random: Random, network: PlanNetwork, input: ProxyInput): Proxy {
  const ipv6Host = network.sequentialHosts
    ? [0, 0, 0, input.index + 1]
    : [random.int(0, 0xffff), random.int(0, 0xffff), random.int(0, 0xffff), random.int(1, 0xffff)];
  return {
    id: input.id,
    username: `${input.usernameSlug}_p${input.id}`,
    password: generatePassword(random, input.forceUnsafePassword),
    ip: network.entryPoint,
    // Consecutive ports from the gateway, wrapping so that even huge plans stay <= 65535.
    port: FIRST_PORT + ((network.portOffset + input.index) % PORT_COUNT),
    // 198.18.0.0/15 is reserved for benchmarks (RFC 2544): plenty of valid, unrouted addresses.
    assigned_proxy_ipv4: formatIPv4([
      198,
      random.int(18, 19),
      random.int(0, 255),
      random.int(1, 254),
    ]),
    assigned_proxy_ipv6: formatIPv6([...network.ipv6Prefix, ...ipv6Host]),
    is_rotating: random.chance(0.4),
    rotate_interval: random.pick(ROTATE_INTERVALS_SECONDS),
    plan_ip_class: network.ipClass,
  };
}

function pickProxyLimit(random: Random, proxies: number): number {
  const fitting = PLAN_SIZES.filter((size) => size >= proxies);
  if (fitting.length === 0) return proxies;
  // Sometimes a size up: a plan that is not full is a case the client must show too.
  const stepUp = fitting.length > 1 && random.chance(0.3) ? 1 : 0;
  return fitting[stepUp] ?? proxies;
}

function pickExpiry(random: Random, role: PlanRole, now: number): number {
  switch (role) {
    case 'expired':
      return now - random.int(1, 90) * DAY_MS - random.int(0, DAY_MS);
    case 'expiring-soon':
      // Within 2 days, with an hour of margin on both ends so a test's own clock drift is harmless.
      return now + random.int(1 * 60, 47 * 60) * MINUTE_MS;
    case 'blocked':
    case 'active':
      // At least a week ahead, so only one plan per account counts as "expiring soon".
      return now + random.int(7, 365) * DAY_MS + random.int(0, DAY_MS);
  }
}

function generatePassword(random: Random, forceUnsafe: boolean): string {
  const characters = Array.from({ length: random.int(12, 20) }, () =>
    random.pick(PASSWORD_ALPHABET),
  );
  if (forceUnsafe || random.chance(0.15)) {
    for (let i = random.int(2, 3); i > 0; i--) {
      characters.splice(random.int(0, characters.length), 0, random.pick(UNSAFE_CHARACTERS));
    }
  }
  return characters.join('');
}

/** RFC 9562 version 4 layout: version nibble 4, variant bits 10. */
function uuidV4(random: Random): string {
  const bytes = Array.from({ length: 16 }, () => random.int(0, 255));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.map((byte) => byte.toString(16).padStart(2, '0')).join('');
  return [
    hex.slice(0, 8),
    hex.slice(8, 12),
    hex.slice(12, 16),
    hex.slice(16, 20),
    hex.slice(20),
  ].join('-');
}

/** Whole seconds with a `Z`, the way the service writes its timestamps. */
function isoUtc(epochMs: number): string {
  return new Date(Math.floor(epochMs / 1000) * 1000).toISOString().replace('.000Z', 'Z');
}

function slug(username: string): string {
  return username.toLowerCase().replace(/[^a-z0-9]/g, '') || 'user';
}
