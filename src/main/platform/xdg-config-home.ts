import { isAbsolute, join } from 'node:path';

/**
 * `$XDG_CONFIG_HOME`, which the XDG spec says to ignore unless absolute, or `~/.config`: where
 * Electron puts the app's data folder on Linux, and where the desktops look for autostart entries.
 */
export function xdgConfigHome(value: string | undefined, home: string): string {
  return value && isAbsolute(value) ? value : join(home, '.config');
}
