import { hostAndPort } from '../../../shared/credentials/url-parts';
import type { ProxyView } from '../../../shared/ipc/plans-view';

/** `203.0.113.7:8080`, `[2001:db8::1]:8080`, `gate.example.com:8080`. */
export function proxyAddress(proxy: Pick<ProxyView, 'ip' | 'port'>): string {
  return hostAndPort(proxy.ip, proxy.port);
}

/** What a row is called, in its text and in every control's name: the label, else ip:port. */
export function proxyTitle(proxy: Pick<ProxyView, 'ip' | 'port' | 'label'>): string {
  const label = proxy.label?.trim();
  return label ? label : proxyAddress(proxy);
}
