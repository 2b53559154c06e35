import { hostAndPort } from '../credentials/url-parts';
import type { ProxyView } from './plans-view';

/** `203.0.113.7:8080`, `[2001:db8::1]:8080`, `gate.example.com:8080`. */
export function proxyAddress(proxy: Pick<ProxyView, 'ip' | 'port'>): string {
  return hostAndPort(proxy.ip, proxy.port);
}

/**
 * What a proxy is called, in the popup's rows and controls and in the tray menu alike: the label,
 * else ip:port.
 */
export function proxyTitle(proxy: Pick<ProxyView, 'ip' | 'port' | 'label'>): string {
  const label = proxy.label?.trim();
  return label ? label : proxyAddress(proxy);
}
