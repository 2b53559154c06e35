import path from 'node:path';
import { CliFailure } from '../cli-failure';
import type { CliIo } from '../cli-io';
import { EXIT, type ExitCode } from '../exit-codes';
import { withoutPathEntry, withPathEntry } from './path-entries';
import type { UserPathRegistry } from './registry-path';

/**
 * `proxy-tray __user-path add|remove`: the Windows installer's way of putting this executable's
 * folder (resources\bin) on the user's PATH, and its uninstaller's way of taking it off
 * (assets/installer.nsh). Hidden: people never type it.
 *
 * The folder is where this executable is, never an argument: the command can only ever add the
 * folder of an installed `proxy-tray.exe` to a PATH, not any folder a caller names.
 */
export interface UserPathPlace {
  platform: NodeJS.Platform;
  /** `process.execPath`. */
  executable: string;
  /** Whether this process is the installed executable (a Node.js single executable). */
  installed: boolean;
  registry: UserPathRegistry;
}

export const USER_PATH_COMMAND = '__user-path';

export async function userPathCommand(
  action: string | undefined,
  io: CliIo,
  place: UserPathPlace,
): Promise<ExitCode> {
  if (action !== 'add' && action !== 'remove') {
    throw new CliFailure(`${USER_PATH_COMMAND} takes add or remove.`, EXIT.usage);
  }
  if (place.platform !== 'win32' || !place.installed) {
    // node.exe running the bundle would put Node's own folder on the PATH.
    throw new CliFailure(
      `${USER_PATH_COMMAND} is for the Windows installer: it edits the PATH of an installed proxy-tray.exe.`,
      EXIT.usage,
    );
  }
  const folder = path.win32.dirname(place.executable);
  const current = await place.registry.read();
  const value =
    action === 'add'
      ? withPathEntry(current.value ?? '', folder)
      : withoutPathEntry(current.value ?? '', folder);
  if (value !== undefined) await place.registry.write({ value, kind: current.kind });
  io.stdout.write(
    value === undefined
      ? `${folder} was ${action === 'add' ? 'on' : 'not on'} your PATH already.\n`
      : `${folder} ${action === 'add' ? 'added to' : 'removed from'} your PATH.\n`,
  );
  return EXIT.done;
}
