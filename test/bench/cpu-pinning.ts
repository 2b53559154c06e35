import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';

/** How a benchmark starts a child on a CPU of its own, and gives this process its CPUs back. */
export interface CpusApart {
  /** The command and arguments that run `command args` on the child's CPU. */
  onChildCpu(command: string, args: string[]): [string, string[]];
  restore(): void;
}

/**
 * Puts this process (every thread: `taskset -a`) on CPU 0 and leaves CPU 1 for a child, on
 * Linux with util-linux's taskset and at least two CPUs; null elsewhere (the figures are then
 * left to the scheduler). On a 2-core machine the scheduler otherwise decides a forwarding
 * figure by where it happens to put the two processes for the whole run: the same code measured
 * 0.81 in one run and 1.03 in the next.
 */
export function cpusApart(): CpusApart | null {
  const cpus = availableParallelism();
  if (process.platform !== 'linux' || cpus < 2) return null;
  const pin = (list: string) =>
    spawnSync('taskset', ['-a', '-p', '-c', list, String(process.pid)], { stdio: 'ignore' });
  if (pin('0').status !== 0) return null;
  return {
    onChildCpu: (command, args) => ['taskset', ['-c', '1', command, ...args]],
    restore: () => void pin(`0-${cpus - 1}`),
  };
}

/** The CPU time (user + system) a process has used so far, in ms, from /proc; NaN elsewhere. */
export function cpuTimeMs(pid: number): number {
  try {
    // Fields 14 and 15 of /proc/PID/stat, in clock ticks (100 a second on Linux).
    const fields = readFileSync(`/proc/${pid}/stat`, 'latin1').split(') ')[1];
    const [utime, stime] = (fields ?? '').split(' ').slice(11, 13).map(Number);
    return ((utime ?? Number.NaN) + (stime ?? Number.NaN)) * 10;
  } catch {
    return Number.NaN;
  }
}

/**
 * How long a process's main thread has so far waited, ready to run, for a CPU, in ms, from
 * /proc/PID/schedstat (its second field, in ns); NaN elsewhere. On a shared machine this, not
 * the work, can decide a figure: during one 1,000-client storm the local port ran for 1 s and
 * waited 7–9 s.
 */
export function runQueueWaitMs(pid: number): number {
  try {
    const [, waitedNs] = readFileSync(`/proc/${pid}/schedstat`, 'latin1').trim().split(' ');
    return Number(waitedNs ?? Number.NaN) / 1e6;
  } catch {
    return Number.NaN;
  }
}
