import type { CheckFailureReason, ExitIpMatch } from '../../../shared/proxy-check/check-reasons';
import type { ProxyCheckEntry } from '../../../shared/views/check-view';

/** A proxy's check status in a row: a few words to see at a glance, the details on hover. */
export interface CheckStatus {
  tone: 'busy' | 'good' | 'warn' | 'bad';
  short: string;
  detail: string;
}

const FAILURE_WORDS: Record<CheckFailureReason, string> = {
  auth_refused: 'Login refused',
  timeout: 'Timed out',
  connection_refused: 'Unreachable',
  dns: 'DNS failed',
  tls: 'TLS failed',
  proxy_error: 'Proxy error',
  echo_error: 'Echo failed',
  echo_unreachable: 'Echo unreachable',
  network: 'Network error',
};

/** Undefined for a proxy never checked. While rechecking, the last result stays in the details. */
export function checkStatus(entry: ProxyCheckEntry | undefined): CheckStatus | undefined {
  if (!entry) return undefined;
  if (entry.state !== 'idle') {
    const short = entry.state === 'queued' ? 'Waiting…' : 'Checking…';
    return {
      tone: 'busy',
      short,
      detail: entry.last ? `Last check: ${resultDetail(entry)}` : short,
    };
  }
  if (!entry.last) return undefined;
  const result = entry.last;
  if (!result.ok)
    return { tone: 'bad', short: FAILURE_WORDS[result.reason], detail: result.message };
  return {
    tone: result.exitIpMatches === 'none' ? 'warn' : 'good',
    // ✓: it exits from its assigned address; ≠: from another one; nothing to compare, no mark.
    short: `${result.totalMs} ms${EXIT_MARKS[result.exitIpMatches]}`,
    detail: resultDetail(entry),
  };
}

const EXIT_MARKS: Record<ExitIpMatch, string> = {
  ipv4: ' ✓',
  ipv6: ' ✓',
  none: ' ≠',
  unassigned: '',
};

const EXIT_WORDS: Record<ExitIpMatch, string> = {
  ipv4: 'its assigned IPv4 address',
  ipv6: 'its assigned IPv6 address',
  none: 'not its assigned address',
  unassigned: 'no assigned address to compare with',
};

function resultDetail(entry: ProxyCheckEntry): string {
  const result = entry.last;
  if (!result) return '';
  if (!result.ok) return result.message;
  const via = result.protocol === 'socks5' ? 'SOCKS5' : 'HTTP';
  const exit = `exits from ${result.exitIp}, ${EXIT_WORDS[result.exitIpMatches]}`;
  return `Works over ${via}: ${exit}; connected in ${result.connectMs} ms, answered in ${result.totalMs} ms.`;
}

/** "Checking 12 of 40 proxies · 3 failed". */
export function runProgress(run: { total: number; done: number; failed: number }): string {
  const noun = run.total === 1 ? 'proxy' : 'proxies';
  const failed = run.failed > 0 ? ` · ${run.failed} failed` : '';
  return `Checked ${run.done} of ${run.total} ${noun}${failed}`;
}

/** The proxies whose last check failed, rechecked or not: what `is:failing` shows. */
export function failingProxyIds(entries: Iterable<ProxyCheckEntry>): ReadonlySet<number> {
  const failing = new Set<number>();
  for (const entry of entries) if (entry.last?.ok === false) failing.add(entry.proxyId);
  return failing;
}
