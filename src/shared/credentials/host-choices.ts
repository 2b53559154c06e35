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
  /** Inside a sentence: "Copies assigned IPv6", "…copied with its assigned IPv6 host". */
  readonly phrase: string;
  /** The row's marker beside a host it does not show. */
  readonly mark: string;
}

/** Each choice's words, by id. */
export const HOST_CHOICE_INFO: Readonly<Record<HostChoice, HostChoiceInfo>> = {
  entry: { id: 'entry', label: 'Entry address (ip)', phrase: 'entry address', mark: 'Entry' },
  ipv4: { id: 'ipv4', label: 'Assigned IPv4 address', phrase: 'assigned IPv4', mark: 'IPv4' },
  ipv6: { id: 'ipv6', label: 'Assigned IPv6 address', phrase: 'assigned IPv6', mark: 'IPv6' },
};

export const HOST_CHOICES: readonly HostChoiceInfo[] = HOST_CHOICE_IDS.map(
  (id) => HOST_CHOICE_INFO[id],
);
