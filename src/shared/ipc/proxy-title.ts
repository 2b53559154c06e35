import { hostAndPort } from '../credentials/url-parts';
import type { ProxyView } from '../views/plans-view';

/** `203.0.113.7:8080`, `[2001:db8::1]:8080`, `gate.example.com:8080`. */
export function proxyAddress(proxy: Pick<ProxyView, 'ip' | 'port'>): string {
  return hostAndPort(proxy.ip, proxy.port);
}

/** What naming a proxy reads of it. */
export type NamedProxy = Pick<ProxyView, 'ip' | 'port' | 'label' | 'username'>;

/**
 * What a proxy is called, everywhere it is named (rows, menus, toasts, Pinned & recent, local
 * ports, the tray): its label, else its host:port — unless other proxies of its plan share that
 * host:port (a provider's gateway, one username each), when it is `username @ host:port`, the
 * username first so that a name cut short keeps the part that tells it apart. `sharedAddresses`
 * is its plan's (see sharedAddressesOf).
 */
export function proxyTitle(proxy: NamedProxy, sharedAddresses: ReadonlySet<string>): string {
  const label = proxy.label?.trim();
  if (label) return label;
  const address = proxyAddress(proxy);
  return sharedAddresses.has(address) ? `${proxy.username} @ ${address}` : address;
}
