import { describe, expect, it } from 'vitest';
import type { ProxyCheckEntry } from '../../../src/shared/views/check-view';
import { byLatency, fastestOf, latencyOf } from '../../../src/renderer/src/lib/latency-order';

const checkedAt = '2026-11-25T12:00:00Z';
const working = (proxyId: number, totalMs: number): ProxyCheckEntry => ({
  proxyId,
  state: 'idle',
  last: {
    ok: true,
    protocol: 'http',
    exitIp: '203.0.113.9',
    exitIpMatches: 'ipv4',
    connectMs: Math.floor(totalMs / 2),
    totalMs,
    checkedAt,
  },
});
const failed = (proxyId: number): ProxyCheckEntry => ({
  proxyId,
  state: 'idle',
  last: { ok: false, protocol: 'http', reason: 'timeout', message: 'Timed out', checkedAt },
});

const entries = new Map<number, ProxyCheckEntry>([
  [1, working(1, 300)],
  [2, failed(2)],
  [3, working(3, 42)],
  [5, working(5, 300)],
]);
const entryOf = (id: number) => entries.get(id);
const proxies = [1, 2, 3, 4, 5].map((id) => ({ id }));

describe('latency order', () => {
  it('reads a working check’s total time, and nothing from a failure or no check', () => {
    expect(latencyOf(entries.get(3))).toBe(42);
    expect(latencyOf(entries.get(2))).toBeNull();
    expect(latencyOf(undefined)).toBeNull();
  });

  it('sorts fastest first, ties and unchecked or failed proxies in listing order after', () => {
    expect(byLatency(proxies, entryOf).map((proxy) => proxy.id)).toEqual([3, 1, 5, 2, 4]);
  });

  it('finds the fastest working proxy, or none', () => {
    expect(fastestOf([1, 2, 3, 4, 5], entryOf)).toBe(3);
    expect(fastestOf([1, 5], entryOf)).toBe(1);
    expect(fastestOf([2, 4], entryOf)).toBeUndefined();
  });
});
