import { mkdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Start at login on Linux, where Electron's setLoginItemSettings does nothing: a desktop entry
 * in $XDG_CONFIG_HOME/autostart, which GNOME, KDE, Xfce and the other XDG desktops run at login.
 */

export const AUTOSTART_FILE_NAME = 'proxy-tray.desktop';

/** Where the entry lives, for `$XDG_CONFIG_HOME` (or `~/.config`). */
export function xdgAutostartFile(configHome: string): string {
  return join(configHome, 'autostart', AUTOSTART_FILE_NAME);
}

/**
 * Quotes one argument of an Exec line (Desktop Entry Specification, "The Exec key"): arguments
 * with reserved characters go in double quotes with `"`, `` ` ``, `$` and `\` backslash-escaped;
 * `%` is doubled so it is not read as a field code.
 */
export function quoteExecArgument(argument: string): string {
  const text = argument.replaceAll('%', '%%');
  if (text !== '' && !/[\s"'\\><~|&;$*?#()`]/.test(text)) return text;
  return `"${text.replace(/["`$\\]/g, (character) => `\\${character}`)}"`;
}

/** The Exec value is also a desktop-entry string, whose own escape for a backslash is `\\`. */
function escapeStringValue(value: string): string {
  return value.replaceAll('\\', '\\\\');
}

export function autostartDesktopEntry(command: readonly string[]): string {
  const exec = escapeStringValue(command.map(quoteExecArgument).join(' '));
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    'Name=Proxy Tray',
    'Comment=Your proxy plans in the tray',
    `Exec=${exec}`,
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

/** Writes the entry when `command` is given, removes it when null. */
export async function applyXdgAutostart(
  file: string,
  command: readonly string[] | null,
): Promise<void> {
  if (command === null) {
    await rm(file, { force: true });
    return;
  }
  await mkdir(dirname(file), { recursive: true });
  await writeFile(file, autostartDesktopEntry(command), { mode: 0o644 });
}
