import type { HostChoice } from './host-choices';
import type { ProxyCredentials } from './proxy-credentials';

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
