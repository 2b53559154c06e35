import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { CommandLinkInstallerOptions } from '../../src/main/terminal-command/command-link-installer';

/**
 * The macOS "proxy-tray command" of Settings, played in the data folder: its `bin` folder stands
 * for /usr/local/bin (not made yet, as on Apple silicon), and a small file, in a folder with a
 * space as the app's, for the app's own command. This user may write both, so no administrator
 * is ever asked; should one be, the preview says it has none.
 */
export function harnessTerminalCommand(dataDir: string): CommandLinkInstallerOptions {
  const place = join(dataDir, 'terminal-command');
  const targetPath = join(place, 'Proxy Tray.app', 'Contents', 'Resources', 'bin', 'proxy-tray');
  mkdirSync(dirname(targetPath), { recursive: true });
  writeFileSync(targetPath, '#!/bin/sh\necho "proxy-tray (preview)"\n', { mode: 0o755 });
  return {
    linkPath: join(place, 'bin', 'proxy-tray'),
    targetPath,
    runAsAdministrator: () => Promise.reject(new Error('The preview has no administrator to ask.')),
  };
}
