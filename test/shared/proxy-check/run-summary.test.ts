import { describe, expect, it } from 'vitest';
import type { CheckFailureReason } from '../../../src/shared/proxy-check/check-reasons';
import { CHECK_FAILURE_REASONS } from '../../../src/shared/proxy-check/check-reasons';
import type { ProxyCheckResult } from '../../../src/shared/views/check-view';
import { runHeadline, runSummary } from '../../../src/shared/proxy-check/run-summary';

const checkedAt = '2026-11-22T10:00:00.000Z';

const works = (totalMs: number, exitIpMatches: 'ipv4' | 'none' = 'ipv4'): ProxyCheckResult => ({
  ok: true,
  protocol: 'http',
  exitIp: '203.0.113.9',
  exitIpMatches,
  connectMs: Math.floor(totalMs / 2),
  totalMs,
  checkedAt,
});

const fails = (reason: CheckFailureReason, message = `Failed: ${reason}.`): ProxyCheckResult => ({
  ok: false,
  protocol: 'http',
  reason,
  message,
  checkedAt,
});

const ECHO_DOWN =
  'The IP echo service api64.ipify.org could not be reached from this computer (connection refused), so no proxy was checked. Check your connection or choose another echo in Settings.';

describe('runSummary', () => {
  it.each<[string, ProxyCheckResult[], string | null]>([
    ['nothing checked', [], null],
    ['all working', [works(120), works(42), works(300)], '3 of 3 working · fastest 42 ms'],
    ['one proxy, working', [works(87)], '1 of 1 working · 87 ms'],
    ['one proxy, failed', [fails('auth_refused')], '0 of 1 working · 1 login refused'],
    [
      'none working, reasons by count',
      [fails('timeout'), fails('auth_refused'), fails('timeout'), fails('connection_refused')],
      '0 of 4 working · 2 timed out · 1 login refused · 1 unreachable',
    ],
    [
      'mixed, as in the issue',
      [...[90, 42, 61, 77, 300, 58, 120].map((ms) => works(ms)), fails('auth_refused')],
      '7 of 8 working · fastest 42 ms · 1 login refused',
    ],
    [
      'plural words, and working ones that exit elsewhere',
      [
        works(50),
        works(40, 'none'),
        fails('auth_refused'),
        fails('auth_refused'),
        fails('dns'),
        fails('dns'),
        fails('proxy_error'),
        fails('proxy_error'),
      ],
      '2 of 8 working · fastest 40 ms · 1 on another IP · 2 logins refused · 2 DNS failures · 2 proxy errors',
    ],
    [
      'the echo unreachable: its own message, no proxy blamed',
      [fails('echo_unreachable', ECHO_DOWN), fails('echo_unreachable', ECHO_DOWN)],
      ECHO_DOWN,
    ],
    ['the echo unreachable, one proxy', [fails('echo_unreachable', ECHO_DOWN)], ECHO_DOWN],
    [
      'the echo unreachable for some only: counted among the rest',
      [works(42), fails('echo_unreachable', ECHO_DOWN)],
      '1 of 2 working · 42 ms · 1 not checked (echo unreachable)',
    ],
  ])('%s', (_, results, expected) => {
    expect(runSummary(results)).toBe(expected);
  });

  it('words every reason, each differently, with no underscore', () => {
    const lines = CHECK_FAILURE_REASONS.map((reason) => runSummary([works(10), fails(reason)]));
    expect(new Set(lines).size).toBe(CHECK_FAILURE_REASONS.length);
    for (const line of lines) expect(line).not.toMatch(/_/);
  });
});

describe('runHeadline', () => {
  it.each<[string, ProxyCheckResult[], string | null]>([
    ['nothing checked', [], null],
    ['all working', [works(120), works(42)], '2 of 2 working'],
    ['some failed', [works(42), fails('timeout'), fails('dns')], '1 of 3 working'],
    ['none working', [fails('auth_refused')], '0 of 1 working'],
    [
      'the echo unreachable for all: none checked',
      [fails('echo_unreachable', ECHO_DOWN)],
      'Not checked',
    ],
    [
      'the echo unreachable for some only: counted among the rest',
      [works(42), fails('echo_unreachable', ECHO_DOWN)],
      '1 of 2 working',
    ],
  ])('%s', (_, results, expected) => {
    expect(runHeadline(results)).toBe(expected);
  });
});
