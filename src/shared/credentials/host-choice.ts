import type { HostChoice } from './host-choices';
import type { ProxyCredentials } from './proxy-credentials';

export function chooseHost(proxy: ProxyCredentials, choice: HostChoice): string {
  switch (choice) {
    case 'entry':
      return proxy.ip;
    case 'ipv4':
      return proxy.assigned_proxy_ipv4;
    case 'ipv6':
      return proxy.assigned_proxy_ipv6;
  }
}
