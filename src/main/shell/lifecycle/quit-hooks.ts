/**
 * Work to finish before the app quits (clear a copied password, flush settings), filled by the
 * composition root and run once by app-lifecycle.ts on `before-quit`. A failing or hanging hook
 * must never keep the app from quitting: each failure is reported, and the whole run is bounded.
 */

export type QuitHook = () => void | Promise<void>;

export interface QuitHookFailure {
  name: string;
  message: string;
}

export interface QuitHooks {
  /** Adds a hook; the returned function removes it. */
  add(name: string, hook: QuitHook): () => void;
  /** Runs every hook at once; later calls return the first run's result. */
  run(): Promise<QuitHookFailure[]>;
}

export const QUIT_HOOKS_TIMEOUT_MS = 3_000;

export interface QuitHooksOptions {
  timeoutMs?: number;
}

export function createQuitHooks(options: QuitHooksOptions = {}): QuitHooks {
  const timeoutMs = options.timeoutMs ?? QUIT_HOOKS_TIMEOUT_MS;
  const hooks = new Map<symbol, { name: string; hook: QuitHook }>();
  let running: Promise<QuitHookFailure[]> | undefined;

  const runAll = async (): Promise<QuitHookFailure[]> => {
    const entries = [...hooks.values()];
    const settled = entries.map(() => false);
    const failures: QuitHookFailure[] = [];
    const work = Promise.all(
      entries.map(async ({ name, hook }, index) => {
        try {
          await hook();
        } catch (error) {
          failures.push({ name, message: error instanceof Error ? error.message : String(error) });
        } finally {
          settled[index] = true;
        }
      }),
    );
    let timer: ReturnType<typeof setTimeout> | undefined;
    const deadline = new Promise<'timed-out'>((resolve) => {
      timer = setTimeout(() => resolve('timed-out'), timeoutMs);
    });
    const outcome = await Promise.race([work.then(() => 'done' as const), deadline]);
    clearTimeout(timer);
    if (outcome === 'timed-out') {
      entries.forEach(({ name }, index) => {
        if (!settled[index])
          failures.push({ name, message: `did not finish within ${timeoutMs} ms` });
      });
    }
    // A copy: a hook that fails after the deadline must not change what was reported.
    return [...failures];
  };

  return {
    add(name, hook) {
      const key = Symbol(name);
      hooks.set(key, { name, hook });
      return () => {
        hooks.delete(key);
      };
    },
    run() {
      running ??= runAll();
      return running;
    },
  };
}
