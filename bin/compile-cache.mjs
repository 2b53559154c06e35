import { mkdirSync, lstatSync } from 'node:fs';
import { enableCompileCache } from 'node:module';
import { homedir } from 'node:os';
import { isAbsolute, join } from 'node:path';

/**
 * Where V8 keeps the compiled bundle between runs: compiling its megabyte is most of a command's
 * start (about 100 ms to 60 ms here). In a folder of the user's own, never Node's default under
 * the shared /tmp, where another user could leave compiled code for us to run.
 * @param {NodeJS.Platform} platform @param {Record<string, string | undefined>} env
 */
export function compileCacheFolder(platform, env) {
  const home = homedir();
  if (platform === 'win32') {
    return join(env.LOCALAPPDATA || join(home, 'AppData', 'Local'), 'Proxy Tray', 'cli-cache');
  }
  if (platform === 'darwin') return join(home, 'Library', 'Caches', 'Proxy Tray', 'cli-cache');
  const cacheHome =
    env.XDG_CACHE_HOME && isAbsolute(env.XDG_CACHE_HOME)
      ? env.XDG_CACHE_HOME
      : join(home, '.cache');
  return join(cacheHome, 'proxy-tray', 'cli-cache');
}

/**
 * Turns the compile cache on when its folder is (or can be made) the user's alone; otherwise the
 * command runs uncached, a little slower, and says nothing.
 * @param {NodeJS.Platform} platform @param {Record<string, string | undefined>} env
 * @returns {boolean} whether the cache is on
 */
export function enableCompileCacheIn(platform, env) {
  const folder = compileCacheFolder(platform, env);
  try {
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    const stat = lstatSync(folder);
    const own =
      platform === 'win32' || (stat.uid === process.getuid?.() && (stat.mode & 0o077) === 0);
    if (!stat.isDirectory() || !own) return false;
    const { status } = enableCompileCache(folder);
    // module.constants.compileCacheStatus: 1 ENABLED, 2 ALREADY_ENABLED (0 FAILED, 3 DISABLED).
    return status === 1 || status === 2;
  } catch {
    return false;
  }
}
