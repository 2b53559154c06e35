import type { TerminalCommandView } from '../../../shared/views/terminal-command-view';

export interface TerminalCommandText {
  /** What is at the link's path, in a sentence. */
  status: string;
  /** The one thing to do about it; none where the path holds something that is not ours. */
  action: { kind: 'install' | 'remove'; label: string } | null;
}

/** The link's folder, as the Install button names it: "/usr/local/bin". */
function folderOf(linkPath: string): string {
  return linkPath.slice(0, linkPath.lastIndexOf('/')) || '/';
}

/**
 * Settings' "proxy-tray command" row (macOS): the state in plain words and the one button that
 * fits it. Null where the system's installer put the command on PATH and there is no row.
 */
export function terminalCommandText(view: TerminalCommandView): TerminalCommandText | null {
  switch (view.state) {
    case 'unavailable':
      return null;
    case 'absent':
      return {
        status: 'Not installed: a terminal does not find proxy-tray yet.',
        action: { kind: 'install', label: `Install in ${folderOf(view.linkPath)}` },
      };
    case 'installed':
      return {
        status: `Installed: ${view.linkPath} runs this app's command.`,
        action: { kind: 'remove', label: 'Remove' },
      };
    case 'other-link':
      return {
        status: `${view.linkPath} links to ${view.target}, not to this app (an older copy?).`,
        action: { kind: 'install', label: 'Replace' },
      };
    case 'not-a-link':
      return {
        status: `${view.linkPath} is a file Proxy Tray did not put there, so it is left alone. Remove it yourself to install the command there.`,
        action: null,
      };
  }
}

/** Said under the row when the administrator's password prompt was closed. */
export const CANCELLED_NOTE = 'Nothing changed: the administrator password was not given.';
