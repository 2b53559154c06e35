import { isDeepStrictEqual } from 'node:util';
import { realTimers, type Timers } from '../../timers';
import type { TrayMenuInput } from './tray-menu-template';

/** At most one rebuild of the tray's menu per this many milliseconds. */
export const TRAY_REFRESH_INTERVAL_MS = 250;

export interface TrayRefresherOptions {
  /** Derives the tray's figures from the app's state now (small: see trayMenuInputOf). */
  input: () => TrayMenuInput;
  /** Rebuilds the native menu and tooltip; called only with an input unlike the last one. */
  apply: (input: TrayMenuInput) => void;
  /** A failure to derive or apply: reported, and the next event tries again. */
  onError: (error: unknown) => void;
  intervalMs?: number;
  timers?: Timers;
}

export interface TrayRefresher {
  /** Something the tray may show has changed: rebuild soon, at most once per interval. */
  schedule(): void;
  /** Rebuild now (the first menu, the end of starting): the interval starts over from here. */
  flush(): void;
  /** On quit: nothing pending runs, and later calls do nothing. */
  dispose(): void;
}

/**
 * Keeps the tray in step with the app at a cost independent of how often things change: events
 * (a rotation toggle, a refresh's progress) may come in bursts of hundreds, and rebuilding a native
 * menu is slow. The first change is applied on the next tick, those after it once the interval
 * is over; and a native menu is rebuilt only when what it shows differs (a toggled rotation
 * changes no title, so it rebuilds nothing).
 */
export function createTrayRefresher(options: TrayRefresherOptions): TrayRefresher {
  const timers = options.timers ?? realTimers;
  const intervalMs = options.intervalMs ?? TRAY_REFRESH_INTERVAL_MS;
  let applied: TrayMenuInput | undefined;
  /** A soon-run or the end of the interval; none when idle. */
  let timer: unknown;
  let changed = false;
  let disposed = false;

  const arm = (ms: number) => {
    timer = timers.setTimeout(tick, ms);
  };

  function tick(): void {
    timer = undefined;
    if (!changed) return;
    rebuild();
  }

  function rebuild(): void {
    changed = false;
    // The interval starts before the rebuild, so that a failing one cannot stop later ones.
    arm(intervalMs);
    try {
      const input = options.input();
      // The input is plain data (the actions are given apart): compared as such.
      if (applied !== undefined && isDeepStrictEqual(applied, input)) return;
      options.apply(input);
      applied = input;
    } catch (error) {
      options.onError(error);
    }
  }

  return {
    schedule() {
      if (disposed) return;
      changed = true;
      if (timer === undefined) arm(0);
    },
    flush() {
      if (disposed) return;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      rebuild();
    },
    dispose() {
      disposed = true;
      changed = false;
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
    },
  };
}
