import { describe, expect, it } from 'vitest';
import type { PoolMemberView } from '../../../src/shared/views/pool-port-view';
import {
  memberState,
  memberTraffic,
  openPoolLabel,
  poolHealth,
  poolOpenedText,
  poolStrategyOf,
  POOL_STRATEGIES,
  sessionHint,
  unlistedMembers,
} from '../../../src/renderer/src/lib/pool-port-text';

function member(overrides: Partial<PoolMemberView> = {}): PoolMemberView {
  return {
    proxyId: 1,
    title: 'DE-1',
    benched: null,
    openConnections: 2,
    totalConnections: 15,
    bytesUp: 1_234,
    bytesDown: 34_000,
    sessions: 0,
    ...overrides,
  };
}

describe('pool port words', () => {
  it('offers every strategy under its plain name, and reads back only those', () => {
    expect(POOL_STRATEGIES.map((strategy) => strategy.label)).toEqual([
      'Round robin',
      'Random',
      'Fastest',
      'Sticky',
    ]);
    expect(poolStrategyOf('sticky')).toBe('sticky');
    expect(poolStrategyOf('round-robin')).toBe('round-robin');
    expect(poolStrategyOf('Sticky')).toBeUndefined();
  });

  it('names the menu item by what it pools', () => {
    expect(openPoolLabel({ kind: 'plan', planId: 4 }, 12)).toBe('Pool port for this plan');
    expect(openPoolLabel({ kind: 'search', query: 'de' }, 3)).toBe('Pool port for these 3');
    expect(openPoolLabel({ kind: 'pinned' }, 2)).toBe('Pool port for the pinned');
  });

  it('says where a new pool’s address is, with how many proxies it spreads over', () => {
    expect(poolOpenedText({ title: 'Plan Shop', memberCount: 3 }, '127.0.0.1:24100')).toBe(
      'Pool port 127.0.0.1:24100 opened over 3 proxies (Plan Shop): copy it from Local ports, above the plans',
    );
    expect(poolOpenedText({ title: 'Pinned proxies', memberCount: 1 }, '[::1]:9')).toContain(
      'opened over 1 proxy (Pinned proxies)',
    );
  });

  it('counts the healthy and the benched, and says when none is left', () => {
    expect(poolHealth({ memberCount: 4, benchedCount: 0 })).toBe('4 healthy');
    expect(poolHealth({ memberCount: 4, benchedCount: 1 })).toBe('3 healthy · 1 benched');
    expect(poolHealth({ memberCount: 0, benchedCount: 0 })).toBe('No members');
  });

  it('counts the members the view leaves out', () => {
    expect(unlistedMembers({ memberCount: 140, members: [member(), member({ proxyId: 2 })] })).toBe(
      'and 138 more',
    );
    expect(unlistedMembers({ memberCount: 1, members: [member()] })).toBe('');
  });

  it('says until when a member is benched, to the second on a 24-hour clock, and why', () => {
    expect(memberState(member())).toBe('healthy');
    const until = new Date(2026, 10, 27, 14, 5, 9);
    expect(
      memberState(
        member({ benched: { until: until.toISOString(), reason: 'the proxy refused to connect' } }),
      ),
    ).toBe('benched until 14:05:09: the proxy refused to connect');
  });

  it('says what went through a member, with its sessions once it holds any', () => {
    expect(memberTraffic(member())).toBe('2 open · 15 in all · ↑ 1.2 kB ↓ 34.0 kB');
    expect(memberTraffic(member({ sessions: 1 }))).toBe(
      '2 open · 15 in all · ↑ 1.2 kB ↓ 34.0 kB · 1 session',
    );
    expect(memberTraffic(member({ sessions: 3 }))).toMatch(/· 3 sessions$/);
  });

  it('tells how to keep one exit, with the password only when the pool asks for one', () => {
    expect(sessionHint(false)).toBe('Log in as session-<id> (any password) to keep one exit');
    expect(sessionHint(true)).toBe(
      'Log in as session-<id> with the pool’s password to keep one exit',
    );
  });
});
