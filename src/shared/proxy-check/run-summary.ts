import { CHECK_FAILURE_REASONS, type CheckFailureReason } from './check-reasons';
import type { ProxyCheckResult } from '../views/check-view';

/** Each reason as it reads after a count: "1 login refused", "3 logins refused". */
const COUNTED_REASONS: Record<CheckFailureReason, { one: string; many: string }> = {
  auth_refused: { one: 'login refused', many: 'logins refused' },
  timeout: { one: 'timed out', many: 'timed out' },
  connection_refused: { one: 'unreachable', many: 'unreachable' },
  dns: { one: 'DNS failure', many: 'DNS failures' },
  tls: { one: 'TLS failure', many: 'TLS failures' },
  proxy_error: { one: 'proxy error', many: 'proxy errors' },
  echo_error: { one: 'bad echo answer', many: 'bad echo answers' },
  echo_unreachable: {
    one: 'not checked (echo unreachable)',
    many: 'not checked (echo unreachable)',
  },
  network: { one: 'network error', many: 'network errors' },
};

/**
 * One line on a finished run, from the results of the proxies it covered: "7 of 8 working ·
 * fastest 42 ms · 1 login refused". When the echo could not be reached, no proxy was checked and
 * counting them as failures would blame them: the line is then the echo's own message. Null for
 * a run that checked nothing.
 */
export function runSummary(results: readonly ProxyCheckResult[]): string | null {
  if (results.length === 0) return null;
  const [first] = results;
  if (first && isEchoUnreachable(first) && results.every(isEchoUnreachable)) return first.message;

  const working = results.filter((result) => result.ok);
  const parts = [`${working.length} of ${results.length} working`];
  if (working.length > 0) {
    const fastest = Math.min(...working.map((result) => result.totalMs));
    parts.push(working.length === 1 ? `${fastest} ms` : `fastest ${fastest} ms`);
  }
  const elsewhere = working.filter((result) => result.exitIpMatches === 'none').length;
  if (elsewhere > 0) parts.push(`${elsewhere} on another IP`);
  for (const [reason, count] of failuresByCount(results)) {
    const words = COUNTED_REASONS[reason];
    parts.push(`${count} ${count === 1 ? words.one : words.many}`);
  }
  return parts.join(' · ');
}

/**
 * The run in a few words, for a chip beside the status filters: "7 of 8 working", or "Not
 * checked" when the echo could not be reached (its summary says why). Null as `runSummary`.
 */
export function runHeadline(results: readonly ProxyCheckResult[]): string | null {
  if (results.length === 0) return null;
  if (results.every(isEchoUnreachable)) return 'Not checked';
  const working = results.filter((result) => result.ok).length;
  return `${working} of ${results.length} working`;
}

type Failure = Extract<ProxyCheckResult, { ok: false }>;

function isEchoUnreachable(result: ProxyCheckResult): result is Failure {
  return !result.ok && result.reason === 'echo_unreachable';
}

/** Reasons with their counts, the most frequent first; ties in the order reasons are listed. */
function failuresByCount(results: readonly ProxyCheckResult[]): [CheckFailureReason, number][] {
  const counts = new Map<CheckFailureReason, number>();
  for (const result of results) {
    if (!result.ok) counts.set(result.reason, (counts.get(result.reason) ?? 0) + 1);
  }
  const listed = (reason: CheckFailureReason) => CHECK_FAILURE_REASONS.indexOf(reason);
  return [...counts].sort(([a, countA], [b, countB]) => countB - countA || listed(a) - listed(b));
}
