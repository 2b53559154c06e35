import { describe, expect, it } from 'vitest';
import type { PlansSnapshot, ProxyView } from '../../../src/shared/views/plans-view';
import type { Plan as StoredPlan } from '../../../tools/reference-service/records';
import { useReferenceService } from '../api/reference-service-fixture';
import { refreshedPlans, startSignedIn, useMainProcess } from '../ipc/main-services-fixture';

/*
 * Every variant of a loose listing, through the main services as the popup reaches them, and the
 * outcome the user sees: kept as it is meant, kept with a notice (a value shown as unknown), left
 * out with a notice, or the whole answer refused with a message while the last plans stay shown.
 */

const fixture = useReferenceService({ dialect: 'spec' });
const main = useMainProcess();

type Listing = StoredPlan[];
type Json = Record<string, unknown>;
type Outcome =
  | { kind: 'kept'; check?: (proxy: ProxyView, snapshot: PlansSnapshot) => void }
  | { kind: 'kept with notice'; notice: string; check?: (proxy: ProxyView) => void }
  | { kind: 'left out with notice'; notice: string }
  | { kind: 'refused'; message: RegExp };

/** The first proxy of the first plan: the one each variant changes. */
const target = (listing: Listing) => listing[0]?.proxies[0] as unknown as Json;
const targetPlan = (listing: Listing) => listing[0] as unknown as Json;

const proxyVariants: [string, (proxy: Json, listing: Listing) => unknown, Outcome][] = [
  [
    'assigned_proxy_ipv6: null',
    (p) => (p['assigned_proxy_ipv6'] = null),
    { kind: 'kept', check: (v) => expect(v.assigned_proxy_ipv6).toBeNull() },
  ],
  [
    'assigned_proxy_ipv6: ""',
    (p) => (p['assigned_proxy_ipv6'] = ''),
    { kind: 'kept', check: (v) => expect(v.assigned_proxy_ipv6).toBeNull() },
  ],
  [
    'assigned_proxy_ipv6 missing',
    (p) => delete p['assigned_proxy_ipv6'],
    { kind: 'kept', check: (v) => expect(v.assigned_proxy_ipv6).toBeNull() },
  ],
  [
    'assigned_proxy_ipv4: null',
    (p) => (p['assigned_proxy_ipv4'] = null),
    { kind: 'kept', check: (v) => expect(v.assigned_proxy_ipv4).toBeNull() },
  ],
  [
    'ip as a host name',
    (p) => (p['ip'] = 'Gate.Example.com'),
    { kind: 'kept', check: (v) => expect(v.ip).toBe('gate.example.com') },
  ],
  [
    'ip as a bracketed IPv6 address',
    (p) => (p['ip'] = '[2001:db8::9]'),
    { kind: 'kept', check: (v) => expect(v.ip).toBe('2001:db8::9') },
  ],
  [
    'port as text',
    (p) => (p['port'] = '8080'),
    { kind: 'kept', check: (v) => expect(v.port).toBe(8080) },
  ],
  ['id as text', (p) => (p['id'] = String(p['id'])), { kind: 'kept' }],
  [
    'is_rotating: 1',
    (p) => (p['is_rotating'] = 1),
    { kind: 'kept', check: (v) => expect(v.is_rotating).toBe(true) },
  ],
  [
    'is_rotating: "false"',
    (p) => (p['is_rotating'] = 'false'),
    { kind: 'kept', check: (v) => expect(v.is_rotating).toBe(false) },
  ],
  [
    'is_rotating: null',
    (p) => (p['is_rotating'] = null),
    { kind: 'kept', check: (v) => expect(v.is_rotating).toBeNull() },
  ],
  [
    'rotate_interval as text',
    (p) => (p['rotate_interval'] = '600'),
    { kind: 'kept', check: (v) => expect(v.rotate_interval).toBe(600) },
  ],
  [
    'a label from the service',
    (p) => (p['label'] = 'Checkout'),
    { kind: 'kept', check: (v) => expect(v.label).toBe('Checkout') },
  ],
  [
    'unknown fields',
    (p) => Object.assign(p, { country: 'NL', meta: { tier: 1 } }),
    { kind: 'kept' },
  ],
  [
    'is_rotating: "maybe"',
    (p) => (p['is_rotating'] = 'maybe'),
    {
      kind: 'kept with notice',
      notice: 'Some details of 1 item could not be read and are shown as unknown.',
      check: (v) => expect(v.is_rotating).toBeNull(),
    },
  ],
  [
    'an IPv4 address as assigned_proxy_ipv6',
    (p) => (p['assigned_proxy_ipv6'] = '10.0.0.1'),
    {
      kind: 'kept with notice',
      notice: 'Some details of 1 item could not be read and are shown as unknown.',
      check: (v) => expect(v.assigned_proxy_ipv6).toBeNull(),
    },
  ],
  [
    'port: null',
    (p) => (p['port'] = null),
    { kind: 'left out with notice', notice: 'could not be read and is hidden' },
  ],
  [
    'port: "08080"',
    (p) => (p['port'] = '08080'),
    { kind: 'left out with notice', notice: 'could not be read and is hidden' },
  ],
  [
    'password missing',
    (p) => delete p['password'],
    { kind: 'left out with notice', notice: 'could not be read and is hidden' },
  ],
  [
    'username as a number',
    (p) => (p['username'] = 42),
    { kind: 'left out with notice', notice: 'could not be read and is hidden' },
  ],
  [
    'id: 0',
    (p) => (p['id'] = 0),
    { kind: 'left out with notice', notice: 'could not be read and is hidden' },
  ],
  [
    'ip that is no host',
    (p) => (p['ip'] = 'not a host'),
    { kind: 'left out with notice', notice: 'could not be read and is hidden' },
  ],
  [
    'the id of another proxy',
    (p, l) => (p['id'] = l[1]?.proxies[0]?.id),
    { kind: 'left out with notice', notice: 'could not be read and is hidden' },
  ],
];

const planVariants: [string, (plan: Json) => unknown, Outcome][] = [
  [
    'creation_date with a space, no zone',
    (p) => (p['creation_date'] = '2025-03-01 10:00:00'),
    {
      kind: 'kept',
      check: (_v, s) => expect(s.plans?.[0]?.creation_date).toBe('2025-03-01T10:00:00Z'),
    },
  ],
  [
    'expire_date with +0000',
    (p) => (p['expire_date'] = '2031-03-01T10:00:00.250+0000'),
    {
      kind: 'kept',
      check: (_v, s) => expect(s.plans?.[0]?.expire_date).toBe('2031-03-01T10:00:00.250Z'),
    },
  ],
  [
    'expire_date as a date only',
    (p) => (p['expire_date'] = '2031-03-01'),
    {
      kind: 'kept',
      check: (_v, s) => expect(s.plans?.[0]?.expire_date).toBe('2031-03-01T00:00:00Z'),
    },
  ],
  [
    'is_blocked: 1',
    (p) => (p['is_blocked'] = 1),
    { kind: 'kept', check: (_v, s) => expect(s.plans?.[0]?.is_blocked).toBe(true) },
  ],
  [
    'proxy_limit as text',
    (p) => (p['proxy_limit'] = '50'),
    { kind: 'kept', check: (_v, s) => expect(s.plans?.[0]?.proxy_limit).toBe(50) },
  ],
  [
    'expire_date unreadable',
    (p) => (p['expire_date'] = 'soon'),
    {
      kind: 'kept with notice',
      notice: 'Some details of 1 plan could not be read and are shown as unknown.',
      check: () => undefined,
    },
  ],
];

const wholeVariants: [string, (listing: Listing) => unknown, Outcome][] = [
  ['wrapped in data', (l) => ({ data: l, total: l.length }), { kind: 'kept' }],
  ['wrapped in items', (l) => ({ items: l, page: 1, next: null }), { kind: 'kept' }],
  ['not JSON', () => '[{"id": 1', { kind: 'refused', message: /the answer is not JSON/ }],
  [
    'an object without a list',
    () => ({ detail: 'ok' }),
    { kind: 'refused', message: /an object without a list of plans/ },
  ],
  [
    'that is a bare JSON string',
    () => '"plans"',
    { kind: 'refused', message: /neither a list of plans nor an object holding one/ },
  ],
];

async function outcomeOf(body: (listing: Listing) => unknown) {
  const app = await startSignedIn(main, fixture.service());
  const listing = structuredClone(fixture.service().store.account('demo')?.plans ?? []);
  const sent = body(listing);
  fixture.service().faults.add({
    path: '/users/plans',
    status: 200,
    body: sent === undefined ? listing : sent,
    ...(typeof sent === 'string' ? { headers: { 'content-type': 'application/json' } } : {}),
  });
  const snapshot = await refreshedPlans(app.call);
  return { app, listing, snapshot, before: app.snapshot };
}

function expectOutcome(
  result: Awaited<ReturnType<typeof outcomeOf>>,
  proxyId: number | undefined,
  outcome: Outcome,
) {
  const { snapshot, listing, before } = result;
  const shown = snapshot.plans?.flatMap((plan) => plan.proxies) ?? [];
  const view = shown.find((proxy) => proxy.id === proxyId);
  const all = listing.flatMap((plan) => plan.proxies).length;
  switch (outcome.kind) {
    case 'kept':
      expect(snapshot.error).toBeNull();
      expect(snapshot.notice).toBeNull();
      expect(shown).toHaveLength(all);
      if (view) outcome.check?.(view, snapshot);
      break;
    case 'kept with notice':
      expect(snapshot.error).toBeNull();
      expect(snapshot.notice?.message).toBe(outcome.notice);
      expect(shown).toHaveLength(all);
      if (view) outcome.check?.(view);
      break;
    case 'left out with notice':
      expect(snapshot.error).toBeNull();
      expect(snapshot.notice?.message).toContain(outcome.notice);
      expect(shown).toHaveLength(all - 1);
      break;
    case 'refused':
      expect(snapshot.error?.kind).toBe('bad_response');
      expect(snapshot.error?.message).toMatch(outcome.message);
      // The last good plans stay on screen.
      expect(snapshot.plans).toEqual(before.plans);
      break;
  }
}

describe('what the user sees of each loose listing', () => {
  it.each(proxyVariants)('a proxy with %s', async (_name, mutate, outcome) => {
    let id: number | undefined;
    const result = await outcomeOf((listing) => {
      mutate(target(listing), listing);
      id = Number(target(listing)['id']);
      return undefined;
    });
    expectOutcome(result, id, outcome);
  });

  it.each(planVariants)('a plan with %s', async (_name, mutate, outcome) => {
    const result = await outcomeOf((listing) => {
      mutate(targetPlan(listing));
      return undefined;
    });
    expectOutcome(result, undefined, outcome);
  });

  it('a plan with proxies: null or missing is kept, empty', async () => {
    const result = await outcomeOf((listing) => {
      targetPlan(listing)['proxies'] = null;
      delete (listing[1] as unknown as Json)['proxies'];
      return undefined;
    });
    expect(result.snapshot.notice).toBeNull();
    expect(result.snapshot.plans?.[0]?.proxies).toEqual([]);
    expect(result.snapshot.plans?.[1]?.proxies).toEqual([]);
  });

  it('a plan whose id cannot be read is left out with a notice', async () => {
    const result = await outcomeOf((listing) => {
      targetPlan(listing)['id'] = 'x';
      return undefined;
    });
    expect(result.snapshot.notice?.message).toBe('1 plan could not be read and is hidden.');
    expect(result.snapshot.plans).toHaveLength(result.listing.length - 1);
  });

  it.each(wholeVariants)('a listing %s', async (_name, body, outcome) => {
    const result = await outcomeOf(body);
    expectOutcome(result, undefined, outcome);
  });
});
