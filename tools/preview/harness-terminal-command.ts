import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { CommandLinkInstallerOptions } from '../../src/main/terminal-command/command-link-installer';
import type { LinkFileSystem } from '../../src/main/terminal-command/link-file-system';
import { AdministratorCancelledError } from '../../src/main/terminal-command/osascript-administrator';

/** The macOS command's place in the harness, and what a test may play there. */
export interface HarnessTerminalCommand {
  linkPath: string;
  targetPath: string;
  /** The link's folder refuses this user, as a /usr/local/bin owned by root does. */
  folderOwnedByRoot: boolean;
  /** What the password prompt's stand-in answers: the command runs (with sh), or it is closed. */
  passwordPrompt: 'approve' | 'cancel';
}

/**
 * The macOS "proxy-tray command" of Settings, played in the data folder: its `bin` folder stands
 * for /usr/local/bin (not made yet, as on Apple silicon), and a small file, in a folder with a
 * space as the app's, for the app's own command. The real installer works on them; only the
 * folder's owner and the password prompt are stand-ins a test sets.
 */
export function harnessTerminalCommand(dataDir: string): {
  options: CommandLinkInstallerOptions;
  control: HarnessTerminalCommand;
} {
  const place = join(dataDir, 'terminal-command');
  const control: HarnessTerminalCommand = {
    linkPath: join(place, 'bin', 'proxy-tray'),
    targetPath: join(place, 'Proxy Tray.app', 'Contents', 'Resources', 'bin', 'proxy-tray'),
    folderOwnedByRoot: false,
    passwordPrompt: 'approve',
  };
  mkdirSync(dirname(control.targetPath), { recursive: true });
  writeFileSync(control.targetPath, '#!/bin/sh\necho "proxy-tray (preview)"\n', { mode: 0o755 });
  const fileSystem = refusedInFolder(dirname(control.linkPath), () => control.folderOwnedByRoot);
  return {
    control,
    options: {
      linkPath: control.linkPath,
      targetPath: control.targetPath,
      fs: fileSystem,
      runAsAdministrator: (command) =>
        new Promise((resolve, reject) => {
          if (control.passwordPrompt === 'cancel') return reject(new AdministratorCancelledError());
          execFile('sh', ['-c', command], (error, _stdout, stderr) =>
            error ? reject(new Error(stderr.trim() || error.message)) : resolve(),
          );
        }),
    },
  };
}

/**
 * Node's file system, but for what is made or removed in `folder` while `refused()` holds: the
 * EACCES a folder owned by root gives this user (which a test run as root cannot make for real).
 */
export function refusedInFolder(folder: string, refused: () => boolean): LinkFileSystem {
  const denied = (file: unknown): Promise<never> | undefined =>
    refused() && String(file).startsWith(folder)
      ? Promise.reject(Object.assign(new Error('Permission denied'), { code: 'EACCES' }))
      : undefined;
  return {
    ...fs,
    mkdir: ((file: string, options: { recursive: true }) =>
      denied(file) ?? fs.mkdir(file, options)) as LinkFileSystem['mkdir'],
    symlink: ((target: string, file: string) =>
      denied(file) ?? fs.symlink(target, file)) as LinkFileSystem['symlink'],
    unlink: ((file: string) => denied(file) ?? fs.unlink(file)) as LinkFileSystem['unlink'],
  };
}
