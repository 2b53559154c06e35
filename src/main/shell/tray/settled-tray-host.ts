import type { TrayHostPresence } from './tray-host-probe';

/** How often, and how far apart, a start at login asks again for a tray host. */
export const LOGIN_TRAY_HOST_TRIES = 6;
export const LOGIN_TRAY_HOST_GAP_MS = 2_000;

export interface SettledTrayHostInput {
  probe: () => Promise<TrayHostPresence>;
  /** Started by the login: the desktop's panel (and its tray host) may not be up yet. */
  launchedAtLogin: boolean;
  sleep: (ms: number) => Promise<void>;
  tries?: number;
  gapMs?: number;
}

/**
 * Whether a tray will show our icon, asked once, or at login a few times over ~10 s: autostart
 * entries often run before the panel has registered its StatusNotifier host, and one early
 * 'missing' would give the user a window and a help line on a desktop that has a tray.
 */
export async function settledTrayHost(input: SettledTrayHostInput): Promise<TrayHostPresence> {
  const tries = input.launchedAtLogin ? (input.tries ?? LOGIN_TRAY_HOST_TRIES) : 1;
  let presence = await input.probe();
  for (let asked = 1; asked < tries && presence !== 'present'; asked += 1) {
    await input.sleep(input.gapMs ?? LOGIN_TRAY_HOST_GAP_MS);
    presence = await input.probe();
  }
  return presence;
}
