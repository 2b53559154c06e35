import { z } from 'zod';
import type { ProxyCredentials } from './proxy-credentials';

/**
 * Which address goes into a copied credential: the entry address the proxy listens on, or the
 * exit address the provider assigned to it (some users connect to those directly).
 */
export const hostChoiceSchema = z.enum(['entry', 'ipv4', 'ipv6']);
export type HostChoice = z.infer<typeof hostChoiceSchema>;

export interface HostChoiceInfo {
  readonly id: HostChoice;
  readonly label: string;
}

export const HOST_CHOICES: readonly HostChoiceInfo[] = [
  { id: 'entry', label: 'Entry address (ip)' },
  { id: 'ipv4', label: 'Assigned IPv4 address' },
  { id: 'ipv6', label: 'Assigned IPv6 address' },
];

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
