import { accessSync, constants, statSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import type { BrowserFacts } from './browser-discovery';

/** This machine as browser discovery reads it: its OS, environment, files and PATH. */
export function systemBrowserFacts(settingPath: string | null): BrowserFacts {
  const env = process.env;
  return {
    platform: process.platform,
    env,
    exists: (path) => {
      try {
        // A macOS .app is a folder; an executable is a file.
        statSync(path);
        return true;
      } catch {
        return false;
      }
    },
    lookup: (command) => onPath(command, env['PATH'] ?? ''),
    ...(settingPath === null ? {} : { settingPath }),
  };
}

/** `which`: the first executable file of that name in PATH's folders. */
export function onPath(command: string, path: string): string | undefined {
  for (const folder of path.split(delimiter)) {
    if (folder === '') continue;
    const candidate = join(folder, command);
    try {
      if (!statSync(candidate).isFile()) continue;
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // Not here, or not executable: the next folder.
    }
  }
  return undefined;
}
