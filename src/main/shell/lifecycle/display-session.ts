/**
 * Which display server Electron draws our windows on, as a plain decision: Wayland and X11 need
 * different popups (see desktop-presentation.ts), and nothing here may import electron.
 *
 * What Electron does (read in its and Chromium's sources, not guessed):
 * - Before any of our code runs, Electron's main delegate (PreSandboxStartup) calls Chromium's
 *   `ui::SetOzonePlatformForLinuxIfNeeded`, which keeps an explicit `--ozone-platform=…` and
 *   otherwise appends the one it picks to the process's command line
 *   (chromium ui/linux/display_server_utils.cc; electron/electron#48301).
 * - The pick: Chromium 140 (Electron 38) made Wayland the default in a Wayland session, keyed
 *   on `XDG_SESSION_TYPE=wayland` (crrev.com/c/6775426, electron/electron#48001). Later
 *   Chromium first looks at which server it can reach (DISPLAY or `--display` for X11;
 *   WAYLAND_SOCKET, WAYLAND_DISPLAY or `$XDG_RUNTIME_DIR/wayland-0` for Wayland) and lets
 *   XDG_SESSION_TYPE decide only when both or neither can be reached.
 * - `--ozone-platform-hint` is gone from Chromium (crrev.com/c/6819616) and Electron 39 removed
 *   `ELECTRON_OZONE_PLATFORM_HINT` (breaking-changes doc, electron/electron#48001): with our
 *   Electron (45) neither has any effect, so neither is read here.
 */

export type DisplaySession = 'wayland' | 'x11' | 'other';

export interface DisplaySessionInput {
  platform: NodeJS.Platform;
  env: Record<string, string | undefined>;
  /** The process's command line (`process.argv`). */
  argv: readonly string[];
  /**
   * Chromium's own answer, when the caller has it: `app.commandLine.getSwitchValue(
   * 'ozone-platform')` once Electron runs (the switch Chromium appended at start-up). It beats
   * every guess below. Appending the switch from our JS is too late to change anything.
   */
  ozonePlatformSwitch?: string;
}

export function displaySession(input: DisplaySessionInput): DisplaySession {
  if (input.platform !== 'linux') return 'other';
  const chosen =
    nonEmpty(input.ozonePlatformSwitch) ?? lastSwitchValue(input.argv, 'ozone-platform');
  if (chosen !== undefined) return sessionOfOzonePlatform(chosen);
  return inferredFromEnvironment(input.env, input.argv);
}

/**
 * Without an explicit platform, Electron ends up on X11 only when it has an X display to open
 * and the session is not a Wayland one. Everything else is Wayland:
 * - no DISPLAY at all: X11 could not start, so a running app found Wayland (at least its default
 *   socket, which this pure function cannot see);
 * - a Wayland session with only DISPLAY: the session-type rule of Chromium 140 picks Wayland,
 *   the later reachability rule X11. We say Wayland: its normal window works on both, while a
 *   tray popup breaks on Wayland.
 */
function inferredFromEnvironment(
  env: Record<string, string | undefined>,
  argv: readonly string[],
): DisplaySession {
  const hasX11Display =
    nonEmpty(env['DISPLAY']) !== undefined || lastSwitchValue(argv, 'display') !== undefined;
  const isWaylandSession = env['XDG_SESSION_TYPE'] === 'wayland';
  return hasX11Display && !isWaylandSession ? 'x11' : 'wayland';
}

function sessionOfOzonePlatform(value: string): DisplaySession {
  if (value === 'wayland') return 'wayland';
  if (value === 'x11') return 'x11';
  // 'headless' and other backends have no desktop to present a popup on.
  return 'other';
}

/**
 * The value of `--name=value` (or `-name=value`, also accepted on POSIX), the last one winning
 * as in Chromium's base::CommandLine; nothing after a bare `--`, which ends the switches.
 */
function lastSwitchValue(argv: readonly string[], name: string): string | undefined {
  let value: string | undefined;
  for (const argument of argv) {
    if (argument === '--') break;
    for (const prefix of ['--', '-']) {
      const head = `${prefix}${name}=`;
      if (argument.startsWith(head)) value = argument.slice(head.length);
    }
  }
  return nonEmpty(value);
}

function nonEmpty(value: string | undefined): string | undefined {
  return value === undefined || value === '' ? undefined : value;
}
