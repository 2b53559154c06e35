import type { DisplaySession } from '../lifecycle/display-session';
import type { TrayHostPresence } from '../tray/tray-host-probe';

/**
 * How the app presents itself on the desktop it finds, as plain decisions (issue 13, point 5).
 *
 * Wayland (Electron's default there since 38) supports none of what a tray popup relies on:
 * `skipTaskbar`, `alwaysOnTop`, `getCursorScreenPoint` and positioning are unsupported and
 * `focus()` may only flash, so the popup would open where the compositor puts it and might
 * never get the focus it needs to hide on blur. Without a StatusNotifier host (GNOME without the
 * AppIndicator extension) there is no tray icon to open it from at all.
 */

/**
 * 'tray-popup': frameless, out of the taskbar, on top, placed by the tray icon, hidden on blur.
 * 'window': a small normal window with a frame and a taskbar entry, left open on blur.
 */
export type PopupKind = 'tray-popup' | 'window';

/**
 * A Wayland session always gets the window. So does X11 without a tray host: a popup that
 * hides on blur and has no taskbar entry would be lost for good after one click elsewhere.
 * 'unknown' keeps the popup (we do not change the app on a guess).
 */
export function popupKind(
  session: DisplaySession,
  trayHost: TrayHostPresence = 'present',
): PopupKind {
  if (session === 'wayland') return 'window';
  if (session === 'x11' && trayHost === 'missing') return 'window';
  return 'tray-popup';
}

export function shouldHideOnBlur(kind: PopupKind): boolean {
  return kind === 'tray-popup';
}

/**
 * True when we know no tray will show our icon. Only Linux can lack one: macOS's menu bar and
 * Windows' notification area are always there, whatever a probe says.
 */
export function knownToHaveNoTray(platform: NodeJS.Platform, trayHost: TrayHostPresence): boolean {
  return platform === 'linux' && trayHost === 'missing';
}

/** One line, shown in the window while there is no tray to reach the app from. */
export const NO_TRAY_HELP =
  'No tray on this desktop, so Proxy Tray stays in this window. GNOME: add the ' +
  '“AppIndicator and KStatusNotifierItem Support” extension.';

export interface FirstShowInput {
  trayHost: TrayHostPresence;
  startHidden: boolean;
  launchedAtLogin: boolean;
  platform: NodeJS.Platform;
  /** The very first start on this machine (no settings saved yet). */
  firstRun?: boolean;
}

export interface FirstShowDecision {
  show: boolean;
  /** Set while there is no tray: the window shows it as a one-line hint. */
  trayHelp?: string;
}

/**
 * Whether the window opens when the app starts.
 * - A known missing tray (Linux): always, with the help line, even when "start hidden" is on or
 *   the login started us: hidden, the app would be invisible and unreachable.
 * - Otherwise as the user chose: open unless "start hidden" is on or the login started us.
 * - 'unknown' (no session bus, a timeout, an odd answer) counts as a tray, so that a slow or
 *   unusual desktop is not nagged, except on the first run: a new user who has never seen the
 *   app must see it once (without the help line, which might be wrong). Later starts can be
 *   hidden: a second launch shows the window (see app-lifecycle's 'second-instance').
 */
export function firstShowDecision(input: FirstShowInput): FirstShowDecision {
  if (knownToHaveNoTray(input.platform, input.trayHost)) {
    return { show: true, trayHelp: NO_TRAY_HELP };
  }
  const uncertainFirstRun =
    input.platform === 'linux' && input.trayHost === 'unknown' && input.firstRun === true;
  if (uncertainFirstRun) return { show: true };
  return { show: !input.startHidden && !input.launchedAtLogin };
}

/** What asks the window to go away. */
export type DismissTrigger =
  /** It lost the focus. */
  | 'blur'
  /** A bare Escape (see isDismissKey), or the page asking to close after its own Escape. */
  | 'escape'
  /** The tray menu's or the global shortcut's toggle while it is shown. */
  | 'toggle'
  /** The frame's close button, Alt+F4, or the compositor closing it. */
  | 'close';

/**
 * 'hide': out of sight, the tray or the shortcut brings it back. 'minimize': to the taskbar.
 * 'keep': nothing happens. 'quit': the app ends.
 */
export type DismissAction = 'hide' | 'minimize' | 'keep' | 'quit';

export interface DismissInput {
  kind: PopupKind;
  trigger: DismissTrigger;
  trayHost: TrayHostPresence;
  platform: NodeJS.Platform;
}

/**
 * Hiding is right whenever the tray can bring the window back. Without a tray, hiding would
 * leave the app running with no way in but launching it again, so:
 * - blur never hides (popupKind already gives such a desktop the window kind);
 * - Escape minimises (the window kind keeps its taskbar entry);
 * - closing the window quits, as closing a normal app's only window does;
 * - the toggle still hides: whatever sent it (the shortcut) can show the window again.
 * The window kind ignores blur: on Wayland it may never have had the focus.
 */
export function dismissAction(input: DismissInput): DismissAction {
  const noTray = knownToHaveNoTray(input.platform, input.trayHost);
  switch (input.trigger) {
    case 'blur':
      return shouldHideOnBlur(input.kind) && !noTray ? 'hide' : 'keep';
    case 'escape':
      return noTray ? 'minimize' : 'hide';
    case 'toggle':
      return 'hide';
    case 'close':
      return noTray ? 'quit' : 'hide';
  }
}
