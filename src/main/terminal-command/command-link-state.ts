import path from 'node:path';
import type { TerminalCommandView } from '../../shared/views/terminal-command-view';
import type { LinkFileSystem } from './link-file-system';

export interface CommandLinkPlace {
  /** Where the command goes on PATH: `/usr/local/bin/proxy-tray`. */
  linkPath: string;
  /** This app's own command: `<resources>/bin/proxy-tray`. */
  targetPath: string;
}

/**
 * What is at the link's path, read without following it: nothing, a link to this app's command,
 * a link to anything else (a copy of the app that moved or was deleted), or something that is no
 * link at all, which we never touch.
 */
export async function readCommandLink(
  place: CommandLinkPlace,
  fs: LinkFileSystem,
): Promise<TerminalCommandView> {
  const { linkPath } = place;
  const stats = await fs.lstat(linkPath).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return null;
    throw error;
  });
  if (!stats) return { state: 'absent', linkPath };
  if (!stats.isSymbolicLink()) return { state: 'not-a-link', linkPath };
  const target = path.resolve(path.dirname(linkPath), await fs.readlink(linkPath));
  const ours = target === path.resolve(place.targetPath) || (await sameFile(place, fs));
  return ours ? { state: 'installed', linkPath } : { state: 'other-link', linkPath, target };
}

/** The link may name the app through another link (a moved /Applications): compare real paths. */
async function sameFile(place: CommandLinkPlace, fs: LinkFileSystem): Promise<boolean> {
  try {
    const [linked, own] = await Promise.all([
      fs.realpath(place.linkPath),
      fs.realpath(place.targetPath),
    ]);
    return linked === own;
  } catch {
    // A dangling link, or an app without its command: not this app's.
    return false;
  }
}
