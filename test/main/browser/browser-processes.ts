import { readdirSync, readFileSync } from 'node:fs';

/** True once no process has this pid (signal 0 only asks). */
export function pidGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/**
 * The pids whose command line names `text` (a profile folder): every process a browser started
 * carries its --user-data-dir, renderers and zygotes included. Linux's /proc only.
 */
export function processesNaming(text: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes(text)) found.push(Number(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return found;
}
