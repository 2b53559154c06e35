import type { ChildProcess } from 'node:child_process';

/**
 * Signals a browser and everything it started. On POSIX the browser was spawned detached, so it
 * leads its own process group and a negative pid reaches its renderer, GPU and zygote processes
 * too. Windows has no process groups to signal: `child.kill()` ends the main process only. The
 * Chromium-family and Firefox child processes watch their parent and quit when it dies; a hard
 * guarantee there needs `taskkill /PID <pid> /T /F`, which walks the tree (not done here: nothing
 * can verify it on our machines). Never throws: it runs from timers and exit handlers, where a
 * throw would take the app down, and a group that is already gone (ESRCH) is the usual case there.
 */
export function signalBrowserTree(
  child: ChildProcess,
  signal: NodeJS.Signals,
  platform: NodeJS.Platform = process.platform,
): void {
  if (platform === 'win32' || child.pid === undefined) {
    child.kill(signal);
    return;
  }
  // kill(-1) would signal every process this account may signal; a real child is never pid 1.
  if (child.pid <= 1) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // Nothing of it is left.
  }
}
