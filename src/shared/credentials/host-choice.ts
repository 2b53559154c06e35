import type { HostChoice } from './host-choices';
import type { ProxyCredentials } from './proxy-credentials';

/**
 * The host a copy uses. A proxy without the assigned address the setting asks for (a plan that
 * hands out no IPv6, say) is copied with its entry address, which always works.
 */
export function chooseHost(proxy: ProxyCredentials, choice: HostChoice): string {
  switch (choice) {
    case 'entry':
      return proxy.ip;
    case 'ipv4':
      return proxy.assigned_proxy_ipv4 ?? proxy.ip;
    case 'ipv6':
      return proxy.assigned_proxy_ipv6 ?? proxy.ip;
  }
}
