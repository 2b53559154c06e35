import type { ProxyView } from '../../../shared/ipc/plans-view';

export function proxyAddress(proxy: Pick<ProxyView, 'ip' | 'port'>): string {
  return `${proxy.ip}:${proxy.port}`;
}

/** What a row is called, in its text and in every control's name: the label, else ip:port. */
export function proxyTitle(proxy: Pick<ProxyView, 'ip' | 'port' | 'label'>): string {
  const label = proxy.label?.trim();
  return label ? label : proxyAddress(proxy);
}
