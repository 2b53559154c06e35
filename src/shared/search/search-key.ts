import type { ProxyView } from '../views/plans-view';

/**
 * The lower-case text a proxy is searched by: label, ip:port, username and the assigned exit IPs
 * on separate lines, so a match never spans two fields.
 */
export function searchKeyOf(proxy: ProxyView): string {
  const exitIps = `${proxy.assigned_proxy_ipv4 ?? ''}\n${proxy.assigned_proxy_ipv6 ?? ''}`;
  return `${proxy.label ?? ''}\n${proxy.ip}:${proxy.port}\n${proxy.username}\n${exitIps}`.toLowerCase();
}
