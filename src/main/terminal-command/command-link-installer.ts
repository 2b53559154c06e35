import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type {
  TerminalCommandChange,
  TerminalCommandView,
} from '../../shared/views/terminal-command-view';
import { UserFacingError } from '../errors/user-facing-error';
import { installLinkCommand, removeLinkCommand } from './administrator-script';
import { readCommandLink, type CommandLinkPlace } from './command-link-state';
import { isPermissionDenied, nodeLinkFileSystem, type LinkFileSystem } from './link-file-system';
import { AdministratorCancelledError, type RunAsAdministrator } from './osascript-administrator';

export interface CommandLinkInstallerOptions extends CommandLinkPlace {
  /** Asked only when this user may not write the link's folder (macOS's password prompt). */
  runAsAdministrator: RunAsAdministrator;
  fs?: LinkFileSystem;
}

export interface CommandLinkInstaller {
  status(): Promise<TerminalCommandView>;
  install(): Promise<TerminalCommandChange>;
  remove(): Promise<TerminalCommandChange>;
}

/**
 * Puts this app's `proxy-tray` on PATH as VS Code puts `code` there: a link in /usr/local/bin,
 * made by this user where the folder lets them, else by an administrator after macOS's password
 * prompt. Only links are ever replaced or removed; the state is read again after every change.
 */
export function createCommandLinkInstaller(
  options: CommandLinkInstallerOptions,
): CommandLinkInstaller {
  const fs = options.fs ?? nodeLinkFileSystem;
  const place = { linkPath: options.linkPath, targetPath: options.targetPath };
  const status = () => readCommandLink(place, fs);

  /** Runs the change as this user, else as an administrator; answers the state it left. */
  async function change(
    what: 'installed' | 'removed',
    asUser: () => Promise<void>,
    asAdministrator: string,
  ): Promise<TerminalCommandChange> {
    try {
      await asUser().catch(async (error: unknown) => {
        if (!isPermissionDenied(error)) throw error;
        await options.runAsAdministrator(asAdministrator);
      });
    } catch (error) {
      if (error instanceof AdministratorCancelledError)
        return { view: await status(), cancelled: true };
      const reason = error instanceof Error ? error.message : String(error);
      throw new UserFacingError(
        'storage',
        `The proxy-tray command could not be ${what}: ${reason}`,
      );
    }
    return { view: await status(), cancelled: false };
  }

  return {
    status,
    async install() {
      const before = await status();
      if (before.state === 'installed') return { view: before, cancelled: false };
      if (before.state === 'not-a-link') throw notOurs(place.linkPath);
      return change('installed', () => linkAtomically(place, fs), installLinkCommand(place));
    },
    async remove() {
      const before = await status();
      // Only our own link: another app's, a file or nothing is left as it is.
      if (before.state !== 'installed') return { view: before, cancelled: false };
      return change('removed', () => fs.unlink(place.linkPath), removeLinkCommand(place));
    },
  };
}

/** A link under a name of its own, renamed over the old one: no moment without the command. */
async function linkAtomically(place: CommandLinkPlace, fs: LinkFileSystem): Promise<void> {
  await fs.mkdir(path.dirname(place.linkPath), { recursive: true });
  const temporary = `${place.linkPath}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.symlink(place.targetPath, temporary);
  try {
    await fs.rename(temporary, place.linkPath);
  } catch (error) {
    await fs.unlink(temporary).catch(() => undefined);
    throw error;
  }
}

function notOurs(linkPath: string): UserFacingError {
  return new UserFacingError(
    'invalid_request',
    `${linkPath} is a file Proxy Tray did not put there, so it was left alone. Remove it yourself to install the command there.`,
  );
}
