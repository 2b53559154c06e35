import type { PlanView, ProxyView } from '../../shared/views/plans-view';
import { hostAndPort } from '../../shared/credentials/url-parts';
import type { MatchingProxy } from '../../shared/search/matching-proxies';
import { CliFailure, usageFailure } from '../cli-failure';
import { EXIT } from '../exit-codes';
import { terminalText } from '../output/terminal-text';

/**
 * The proxy a `PROXY` argument names, looked for in this order, the first kind that finds any
 * winning: its id; its label (exactly, then ignoring case); `host:port` (`[v6]:port` too) or
 * `username@host:port`, by the address the proxy is entered at. Several proxies under one name (a
 * gateway's `host:port` serves many users) is a usage error listing them, so that a script never
 * changes the wrong proxy; none is a failure.
 */
export function proxyNamed(plans: readonly PlanView[], reference: string): MatchingProxy {
  const all = plans.flatMap((plan) => plan.proxies.map((proxy) => ({ plan, proxy })));
  const finders: ((proxy: ProxyView) => boolean)[] = [
    (proxy) => /^\d+$/.test(reference) && proxy.id === Number(reference),
    (proxy) => proxy.label === reference,
    (proxy) => proxy.label !== null && proxy.label.toLowerCase() === reference.toLowerCase(),
    (proxy) => addressOf(proxy) === reference.toLowerCase(),
    (proxy) => `${proxy.username}@${addressOf(proxy)}` === withLowerHost(reference),
  ];
  for (const finder of finders) {
    const found = all.filter(({ proxy }) => finder(proxy));
    const [only, ...others] = found;
    if (only && others.length === 0) return only;
    if (only) {
      throw usageFailure(
        `${found.length} proxies answer to "${terminalText(reference)}"; name one by its id:\n${candidates(found)}`,
      );
    }
  }
  throw new CliFailure(
    `No proxy is named "${terminalText(reference)}". See: proxy-tray proxies`,
    EXIT.failed,
  );
}

/** Each name a proxy answers to, for the shell's completion: its label where it has one. */
export function proxyReferenceOf(proxy: ProxyView): string {
  return proxy.label || addressOf(proxy);
}

function addressOf(proxy: ProxyView): string {
  return hostAndPort(proxy.ip, proxy.port).toLowerCase();
}

/** `user@HOST:port` with the host in lower case: user names are case-sensitive, hosts are not. */
function withLowerHost(reference: string): string {
  const at = reference.lastIndexOf('@');
  return at === -1 ? reference : reference.slice(0, at + 1) + reference.slice(at + 1).toLowerCase();
}

function candidates(found: readonly MatchingProxy[]): string {
  return found
    .slice(0, 20)
    .map(({ plan, proxy }) =>
      [
        `  ${proxy.id}`,
        terminalText(proxy.label ?? ''),
        `${proxy.username}@${hostAndPort(proxy.ip, proxy.port)}`,
        terminalText(plan.name),
      ].join('\t'),
    )
    .concat(found.length > 20 ? [`  … and ${found.length - 20} more`] : [])
    .join('\n');
}
