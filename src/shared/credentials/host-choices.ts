/*
 * Which address goes into a copied credential: the entry address the proxy listens on, or the
 * exit address the provider assigned to it (some users connect to those directly). Plain
 * constants, no zod, so that the popup can import them.
 */

export const HOST_CHOICE_IDS = ['entry', 'ipv4', 'ipv6'] as const;
export type HostChoice = (typeof HOST_CHOICE_IDS)[number];

export interface HostChoiceInfo {
  readonly id: HostChoice;
  readonly label: string;
}

export const HOST_CHOICES: readonly HostChoiceInfo[] = [
  { id: 'entry', label: 'Entry address (ip)' },
  { id: 'ipv4', label: 'Assigned IPv4 address' },
  { id: 'ipv6', label: 'Assigned IPv6 address' },
];
