import { describe, expect, it } from 'vitest';
import {
  checkStatus,
  failingProxyIds,
  runProgress,
} from '../../../src/renderer/src/lib/check-status';
import type { ProxyCheckResult } from '../../../src/shared/views/check-view';
import {
  CHECK_FAILURE_REASONS,
  type ExitIpMatch,
} from '../../../src/shared/proxy-check/check-reasons';

const checkedAt = '2026-11-22T10:00:00.000Z';
const works = (exitIpMatches: ExitIpMatch): ProxyCheckResult => ({
  ok: true,
  protocol: 'http',
  exitIp: '203.0.113.9',
  exitIpMatches,
  connectMs: 40,
  totalMs: 120,
  checkedAt,
});

describe('checkStatus', () => {
  it('says nothing for a proxy never checked', () => {
    expect(checkStatus(undefined)).toBeUndefined();
    expect(checkStatus({ proxyId: 1, state: 'idle', last: null })).toBeUndefined();
  });

  it('shows the total time of a working proxy, and warns when it exits from another address', () => {
    expect(checkStatus({ proxyId: 1, state: 'idle', last: works('ipv4') })).toEqual({
      tone: 'good',
      short: '120 ms ✓',
      detail:
        'Works over HTTP: exits from 203.0.113.9, its assigned IPv4 address; connected in 40 ms, answered in 120 ms.',
    });
    expect(checkStatus({ proxyId: 1, state: 'idle', last: works('ipv6') })?.detail).toContain(
      'its assigned IPv6 address',
    );
    const other = checkStatus({ proxyId: 1, state: 'idle', last: works('none') });
    expect(other).toMatchObject({ tone: 'warn', short: '120 ms ≠' });
    expect(other?.detail).toContain('exits from 203.0.113.9, not its assigned address');
    // Nothing to compare with: a working proxy, not a warning.
    const unassigned = checkStatus({ proxyId: 1, state: 'idle', last: works('unassigned') });
    expect(unassigned).toMatchObject({ tone: 'good', short: '120 ms' });
    expect(unassigned?.detail).toContain(
      'exits from 203.0.113.9, no assigned address to compare with',
    );
  });

  it('names every failure reason in a few words and keeps the message as the detail', () => {
    const words = CHECK_FAILURE_REASONS.map((reason) => {
      const status = checkStatus({
        proxyId: 1,
        state: 'idle',
        last: { ok: false, protocol: 'socks5', reason, message: `because ${reason}`, checkedAt },
      });
      expect(status).toMatchObject({ tone: 'bad', detail: `because ${reason}` });
      return status?.short;
    });
    expect(new Set(words).size).toBe(CHECK_FAILURE_REASONS.length);
  });

  it('shows a check under way, keeping the last result in the details', () => {
    expect(checkStatus({ proxyId: 1, state: 'queued', last: null })).toEqual({
      tone: 'busy',
      short: 'Waiting…',
      detail: 'Waiting…',
    });
    const again = checkStatus({ proxyId: 1, state: 'checking', last: works('ipv4') });
    expect(again).toMatchObject({ tone: 'busy', short: 'Checking…' });
    expect(again?.detail).toMatch(/^Last check: Works over HTTP/);
  });
});

describe('runProgress', () => {
  it('counts what is done and what failed', () => {
    expect(runProgress({ total: 40, done: 12, failed: 3 })).toBe(
      'Checked 12 of 40 proxies · 3 failed',
    );
    expect(runProgress({ total: 1, done: 0, failed: 0 })).toBe('Checked 0 of 1 proxy');
  });
});

describe('failingProxyIds', () => {
  it('holds the proxies whose last check failed, also while they are checked again', () => {
    const failed: ProxyCheckResult = {
      ok: false,
      protocol: 'http',
      reason: 'timeout',
      message: 'No answer within 10 s.',
      checkedAt,
    };
    const failing = failingProxyIds([
      { proxyId: 1, state: 'idle', last: failed },
      { proxyId: 2, state: 'idle', last: works('ipv4') },
      { proxyId: 3, state: 'checking', last: failed },
      { proxyId: 4, state: 'queued', last: null },
      { proxyId: 5, state: 'idle', last: null },
    ]);
    expect([...failing].sort()).toEqual([1, 3]);
  });
});
