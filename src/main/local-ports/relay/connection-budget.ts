import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * File descriptors kept for the app's own files, sockets and browsers, whatever the ports do: 256,
 * or a quarter of a lower limit (a macOS app may start with 256 in all).
 */
const reservedFds = (limit: number) => Math.min(256, Math.floor(limit / 4));
/** The most app connections all ports hold together where the system sets no lower bound. */
export const DEFAULT_GLOBAL_CONNECTIONS = 4_096;

/**
 * The app connections all local ports may hold together. Each costs two file descriptors (the
 * app's and the upstream's), so on a system whose limit is known the budget leaves some free
 * (reservedFds): at the limit the app's own settings, labels and service calls still get theirs (the
 * audit's flood made `settings:update` and `proxy:set-label` fail with EMFILE).
 */
export class ConnectionBudget {
  private held = 0;

  constructor(readonly capacity: number) {}

  /** Takes one place, or says there is none left. */
  take(): boolean {
    if (this.held >= this.capacity) return false;
    this.held += 1;
    return true;
  }

  /** Gives back a place taken. */
  release(): void {
    this.held = Math.max(0, this.held - 1);
  }

  get inUse(): number {
    return this.held;
  }
}

/**
 * The budget for this process: DEFAULT_GLOBAL_CONNECTIONS, lowered to fit its open-files limit
 * where the system has one (Linux often 1,024; a macOS app may get 256).
 */
export function processConnectionBudget(fdLimit = openFilesLimit()): ConnectionBudget {
  if (fdLimit === null) return new ConnectionBudget(DEFAULT_GLOBAL_CONNECTIONS);
  const fitting = Math.floor((fdLimit - reservedFds(fdLimit)) / 2);
  return new ConnectionBudget(Math.max(16, Math.min(DEFAULT_GLOBAL_CONNECTIONS, fitting)));
}

/**
 * The soft limit on open files, or null where there is none to speak of (Windows) or it is
 * unlimited. Node has no call for it: Linux lists it in /proc/self/limits; elsewhere a shell
 * started from here inherits the limit and prints it (`ulimit -n`), once, at start.
 */
export function openFilesLimit(platform = process.platform): number | null {
  if (platform === 'win32') return null;
  // Equivalent mutants, left to survive: on Linux both readers give the same figure (the test
  // checks they agree), so choosing the other, or reading the file or the shell's output as bytes
  // (Number() reads a Buffer's text), changes nothing; and neither throws on a working system.
  try {
    return platform === 'linux'
      ? limitInProcLimits(readFileSync('/proc/self/limits', 'utf8'))
      : limitInUlimit(
          spawnSync('/bin/sh', ['-c', 'ulimit -n'], { encoding: 'utf8', timeout: 2_000 }).stdout,
        );
  } catch {
    return null;
  }
}

/** The soft "Max open files" of a /proc/<pid>/limits text, or null. */
export function limitInProcLimits(text: string): number | null {
  // Any text for a missing line reads as null (an equivalent mutant, left to survive).
  return limitInUlimit(/^Max open files\s+(\S+)/m.exec(text)?.[1] ?? '');
}

/** What `ulimit -n` printed, as a number, or null (`unlimited`, nothing, nonsense). */
export function limitInUlimit(text: string): number | null {
  // Number() itself reads past the blanks and the newline around the figure.
  const limit = Number(text);
  return Number.isSafeInteger(limit) && limit > 0 ? limit : null;
}
