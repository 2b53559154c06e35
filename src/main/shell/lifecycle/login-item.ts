import type { Settings } from 'electron';
import { xdgAutostartFile } from './xdg-autostart';

/** Passed when the OS starts the app at login, so it knows not to open the popup. */
export const LAUNCHED_AT_LOGIN_ARG = '--launched-at-login';

export interface LoginItemPreferences {
  openAtLogin: boolean;
}

export interface LoginItemEnvironment {
  platform: NodeJS.Platform;
  isPackaged: boolean;
  /** `process.execPath`: the installed app's executable. */
  execPath: string;
  /** `process.env.APPIMAGE`: the AppImage file, since execPath lies inside its temporary mount. */
  appImagePath?: string | undefined;
  /** `$XDG_CONFIG_HOME`, or `~/.config`. */
  configHome: string;
}

export type LoginItemPlan =
  | { kind: 'electron'; settings: Settings }
  | { kind: 'xdg-autostart'; file: string; command: string[] | null }
  | { kind: 'unavailable'; message: string };

/** How to make the OS start (or stop starting) the app at login, from the user's setting. */
export function loginItemPlan(
  preferences: LoginItemPreferences,
  environment: LoginItemEnvironment,
): LoginItemPlan {
  if (!environment.isPackaged) {
    // A development build would register the bare Electron binary, which opens no app.
    return {
      kind: 'unavailable',
      message: 'Starting at login works in the installed app only, not in a development build.',
    };
  }
  switch (environment.platform) {
    case 'darwin':
      return { kind: 'electron', settings: { openAtLogin: preferences.openAtLogin } };
    case 'win32':
      // getLoginItemSettings must be asked with the same args to find this entry again.
      return {
        kind: 'electron',
        settings: { openAtLogin: preferences.openAtLogin, args: [LAUNCHED_AT_LOGIN_ARG] },
      };
    case 'linux':
      return {
        kind: 'xdg-autostart',
        file: xdgAutostartFile(environment.configHome),
        command: preferences.openAtLogin
          ? [environment.appImagePath || environment.execPath, LAUNCHED_AT_LOGIN_ARG]
          : null,
      };
    default:
      return {
        kind: 'unavailable',
        message: `Starting at login is not available on ${environment.platform}.`,
      };
  }
}

/**
 * True when the OS started the app at login (then it stays in the tray, quietly): macOS says so
 * through getLoginItemSettings; Windows and Linux start it with LAUNCHED_AT_LOGIN_ARG.
 */
export function wasLaunchedAtLogin(input: {
  platform: NodeJS.Platform;
  argv: readonly string[];
  macOpenedAtLogin?: boolean;
}): boolean {
  if (input.platform === 'darwin') return input.macOpenedAtLogin === true;
  return input.argv.includes(LAUNCHED_AT_LOGIN_ARG);
}
