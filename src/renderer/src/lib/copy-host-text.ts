import {
  type CopyHost,
  HOST_CHOICE_INFO,
  type HostChoice,
} from '../../../shared/credentials/host-choices';

/** The Copy button's tooltip: the host the copy will paste, and why when it is not the entry one. */
export function copyButtonTitle(host: CopyHost): string {
  return host.choice === 'entry'
    ? `Copies with host ${host.address}`
    : `Copies with host ${host.address} (${HOST_CHOICE_INFO[host.choice].phrase})`;
}

/** The row's marker beside the address it shows, when a copy pastes another one; else null. */
export function copyHostMark(host: CopyHost): string | null {
  return host.choice === 'entry' ? null : HOST_CHOICE_INFO[host.choice].mark;
}

/**
 * The plan header's chip, in two parts: a narrow header shortens the lead ("Copies assigned")
 * and keeps the key ("IPv6") whole.
 */
export function planHostChipParts(choice: HostChoice): { lead: string; key: string } {
  return choice === 'entry'
    ? { lead: 'Copies', key: HOST_CHOICE_INFO.entry.phrase }
    : { lead: 'Copies assigned', key: HOST_CHOICE_INFO[choice].mark };
}

/** Said under Settings → Host to copy when some plans do not follow it; null when all do. */
export function hostOverrideSummary(plansWithOwnChoice: number): string | null {
  if (plansWithOwnChoice === 0) return null;
  const plans =
    plansWithOwnChoice === 1
      ? '1 plan uses its own choice'
      : `${plansWithOwnChoice} plans use their own choice`;
  return `${plans}, picked in a copy menu: undo it with ✕ on the plan's header.`;
}
