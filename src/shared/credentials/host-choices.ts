import type { ProxyCredentials } from './proxy-credentials';

/*
 * The host a copy uses: the entry address the proxy listens on, or the exit address the provider
 * assigned to it (some users connect to those directly) — the choices, their words, and which
 * address a copy of a proxy pastes. No zod, so that the popup can import it.
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

type ProxyAddresses = Pick<ProxyCredentials, 'ip' | 'assigned_proxy_ipv4' | 'assigned_proxy_ipv6'>;

/**
 * The host a copy uses. A proxy without the assigned address the setting asks for (a plan that
 * hands out no IPv6, say) is copied with its entry address, which always works.
 */
export function chooseHost(proxy: ProxyAddresses, choice: HostChoice): string {
  switch (choice) {
    case 'entry':
      return proxy.ip;
    case 'ipv4':
      return proxy.assigned_proxy_ipv4 ?? proxy.ip;
    case 'ipv6':
      return proxy.assigned_proxy_ipv6 ?? proxy.ip;
  }
}

/** The host a copy pastes, and which choice it came from once the fallback above is applied. */
export interface CopyHost {
  readonly choice: HostChoice;
  readonly address: string;
}

/**
 * The host the next copy of this proxy pastes when it names none: its plan's own choice, else
 * the settings' one. An address equal to the entry address counts as the entry address: the row
 * already shows it, so only a host the row does not show needs saying.
 */
export function copyHostOf(
  proxy: ProxyAddresses,
  planChoice: HostChoice | undefined,
  settingsChoice: HostChoice,
): CopyHost {
  const choice = planChoice ?? settingsChoice;
  const address = chooseHost(proxy, choice);
  return { choice: address === proxy.ip ? 'entry' : choice, address };
}

/**
 * What a host picked in a copy menu leaves as the plan's own choice: none when it is the one
 * Settings → Host to copy gives. A plan holding a copy of today's setting would show as "its own
 * choice" and stop following the settings, though the user only confirmed them.
 */
export function planChoiceAfterPick(
  picked: HostChoice,
  settingsChoice: HostChoice,
): HostChoice | undefined {
  return picked === settingsChoice ? undefined : picked;
}
