// Listing entries no client can use, as loose servers send them: a proxy without a port, a proxy
// without a password. They are not in the store (an update to one is a 404 like any unknown id),
// so a tolerant client must skip them and say so, while showing everything else.

import { chooseVariant } from './loose-choice';
import type { Account, Plan } from './records';

export type UnreadableField = 'port' | 'password';

/** One broken entry, as a test asks about it. */
export interface UnreadableProxy {
  planId: number;
  planName: string;
  proxyId: number;
  field: UnreadableField;
}

/** A broken entry and the JSON object the listing shows for it. */
export interface UnreadableEntry extends UnreadableProxy {
  wire: Record<string, unknown>;
}

/** Far above any generated id; each server numbers its broken entries from here. */
export const FIRST_UNREADABLE_PROXY_ID = 900_000_000;

const BROKEN_FIELDS: readonly UnreadableField[] = ['port', 'password'];

/**
 * For every account with a plan that is not blocked: two broken entries in one such plan, chosen
 * from the seed. Computed once per server, so a test that blocks a plan later moves nothing.
 */
export function placeUnreadableProxies(
  accounts: readonly Account[],
  seed: number,
  isTakenId: (id: number) => boolean,
): Map<string, UnreadableEntry[]> {
  const byUsername = new Map<string, UnreadableEntry[]>();
  let nextId = FIRST_UNREADABLE_PROXY_ID;
  const freshId = (): number => {
    while (isTakenId(nextId)) nextId++;
    return nextId++;
  };
  for (const { user, plans } of accounts) {
    const open = plans.filter((plan) => !plan.is_blocked);
    if (open.length === 0) continue;
    const plan = chooseVariant(seed, 'unreadable.plan', user.username, open);
    byUsername.set(
      user.username,
      BROKEN_FIELDS.map((field) => brokenEntry(plan, freshId(), field)),
    );
  }
  return byUsername;
}

/** Well-formed in every other field, like the plan's own proxies. */
function brokenEntry(plan: Plan, proxyId: number, field: UnreadableField): UnreadableEntry {
  const sibling = plan.proxies[0];
  const wire: Record<string, unknown> = {
    id: proxyId,
    username: `unreadable_p${proxyId}`,
    password: 'Unreadable2Entry',
    ip: sibling?.ip ?? '203.0.113.10',
    port: 10_000 + (proxyId % 50_000),
    assigned_proxy_ipv4: '198.18.255.1',
    assigned_proxy_ipv6: '2001:db8:ffff::1',
    is_rotating: false,
    rotate_interval: 600,
    plan_ip_class: sibling?.plan_ip_class ?? 4,
  };
  if (field === 'port') wire.port = null;
  else delete wire.password;
  return { planId: plan.id, planName: plan.name, proxyId, field, wire };
}
