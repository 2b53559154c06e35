import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  QUIT_HOOKS_TIMEOUT_MS,
  createQuitHooks,
} from '../../../../src/main/shell/lifecycle/quit-hooks';

describe('createQuitHooks', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('runs every hook, synchronous or not, and reports no failure', async () => {
    const done: string[] = [];
    const hooks = createQuitHooks();
    hooks.add('clear clipboard', () => {
      done.push('clipboard');
    });
    hooks.add('flush settings', async () => {
      await Promise.resolve();
      done.push('settings');
    });
    await expect(hooks.run()).resolves.toEqual([]);
    expect(done.sort()).toEqual(['clipboard', 'settings']);
  });

  it('runs the other hooks when one throws, and names the one that failed', async () => {
    const done: string[] = [];
    const hooks = createQuitHooks();
    hooks.add('broken', () => {
      throw new Error('disk full');
    });
    hooks.add('rejecting', () => Promise.reject(new Error('keychain locked')));
    hooks.add('fine', () => {
      done.push('fine');
    });
    const failures = await hooks.run();
    expect(failures).toEqual(
      expect.arrayContaining([
        { name: 'broken', message: 'disk full' },
        { name: 'rejecting', message: 'keychain locked' },
      ]),
    );
    expect(failures).toHaveLength(2);
    expect(done).toEqual(['fine']);
  });

  it('gives up on a hook that hangs, so the app still quits', async () => {
    const hooks = createQuitHooks();
    hooks.add('hangs', () => new Promise<void>(() => {}));
    hooks.add('quick', () => {});
    const run = hooks.run();
    await vi.advanceTimersByTimeAsync(QUIT_HOOKS_TIMEOUT_MS);
    await expect(run).resolves.toEqual([
      { name: 'hangs', message: `did not finish within ${QUIT_HOOKS_TIMEOUT_MS} ms` },
    ]);
  });

  it('does not wait for the deadline when every hook is done', async () => {
    const hooks = createQuitHooks({ timeoutMs: 60_000 });
    hooks.add('quick', async () => {});
    await expect(hooks.run()).resolves.toEqual([]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('runs the hooks once, however often the app asks', async () => {
    let runs = 0;
    const hooks = createQuitHooks();
    hooks.add('count', () => {
      runs += 1;
    });
    const first = hooks.run();
    const second = hooks.run();
    expect(second).toBe(first);
    await first;
    await hooks.run();
    expect(runs).toBe(1);
  });

  it('forgets a removed hook', async () => {
    let ran = false;
    const hooks = createQuitHooks();
    const remove = hooks.add('removed', () => {
      ran = true;
    });
    remove();
    await hooks.run();
    expect(ran).toBe(false);
  });

  it('keeps two hooks of the same name apart', async () => {
    const hooks = createQuitHooks();
    hooks.add('same', () => {});
    hooks.add('same', () => new Promise<void>(() => {}));
    const run = hooks.run();
    await vi.advanceTimersByTimeAsync(QUIT_HOOKS_TIMEOUT_MS);
    expect(await run).toHaveLength(1);
  });
});
