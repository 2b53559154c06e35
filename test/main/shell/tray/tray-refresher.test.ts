import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TrayMenuInput } from '../../../../src/main/shell/tray/tray-menu-template';
import {
  TRAY_REFRESH_INTERVAL_MS,
  createTrayRefresher,
} from '../../../../src/main/shell/tray/tray-refresher';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

const residential = {
  id: 1,
  name: 'Residential US',
  proxies: [{ id: 7, title: 'Checkout' }],
  proxyCount: 1,
};

const signedIn: TrayMenuInput = {
  status: 'active',
  accounts: [{ id: 'a1', title: 'dana', active: true }],
  plans: [residential],
  planCount: 1,
  refreshing: false,
  alerts: 0,
  updateVersion: undefined,
  shortcutProblem: null,
};

/** A refresher over a state the test changes, counting what it derives and what it applies. */
function setUp(options: { failing?: 'input' | 'apply' } = {}) {
  const state = { input: signedIn, builds: 0 };
  const applied: TrayMenuInput[] = [];
  const errors: unknown[] = [];
  const refresher = createTrayRefresher({
    input: () => {
      state.builds += 1;
      if (options.failing === 'input') throw new Error('no session yet');
      // A fresh object every time, as index.ts derives it: equal data, never the same object.
      return structuredClone(state.input);
    },
    apply: (input) => {
      if (options.failing === 'apply') throw new Error('tray destroyed');
      applied.push(input);
    },
    onError: (error) => errors.push(error),
    // No timers given: the real ones, which vi.useFakeTimers replaces here.
  });
  return { state, applied, errors, refresher };
}

describe('createTrayRefresher', () => {
  it('builds once on the next tick for a burst of 100 events, not once per event', async () => {
    const { state, applied, refresher } = setUp();
    for (let event = 0; event < 100; event += 1) refresher.schedule();
    expect(state.builds).toBe(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(state.builds).toBe(1);
    expect(applied).toEqual([signedIn]);
    await vi.advanceTimersByTimeAsync(10 * TRAY_REFRESH_INTERVAL_MS);
    expect(state.builds).toBe(1);
  });

  it('builds at most twice for a burst spread over the interval: first soon, then the rest at its end', async () => {
    const { state, applied, refresher } = setUp();
    for (let event = 0; event < 100; event += 1) {
      refresher.schedule();
      state.input = { ...signedIn, alerts: event };
      await vi.advanceTimersByTimeAsync(1);
    }
    // 100 ms of events: one build at their start, one when the interval ends after them.
    expect(state.builds).toBe(1);
    await vi.advanceTimersByTimeAsync(TRAY_REFRESH_INTERVAL_MS);
    expect(state.builds).toBe(2);
    // The last build shows the last state, not one from the middle of the burst.
    expect(applied.at(-1)?.alerts).toBe(99);
    await vi.advanceTimersByTimeAsync(10 * TRAY_REFRESH_INTERVAL_MS);
    expect(state.builds).toBe(2);
  });

  it('keeps to one build per interval under a steady stream of events', async () => {
    const { state, refresher } = setUp();
    const seconds = 5;
    for (let ms = 0; ms < seconds * 1000; ms += 10) {
      refresher.schedule();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(state.builds).toBeLessThanOrEqual((seconds * 1000) / TRAY_REFRESH_INTERVAL_MS + 1);
    expect(state.builds).toBeGreaterThanOrEqual((seconds * 1000) / TRAY_REFRESH_INTERVAL_MS - 1);
  });

  it('leaves the native menu alone when what it shows has not changed (a rotation toggle)', async () => {
    const { state, applied, refresher } = setUp();
    refresher.schedule();
    await vi.advanceTimersByTimeAsync(0);
    expect(applied).toHaveLength(1);
    for (let toggle = 0; toggle < 5; toggle += 1) {
      refresher.schedule();
      await vi.advanceTimersByTimeAsync(TRAY_REFRESH_INTERVAL_MS);
    }
    expect(state.builds).toBe(6);
    expect(applied).toHaveLength(1);
  });

  it.each<[string, Partial<TrayMenuInput>]>([
    ['a proxy title', { plans: [{ ...residential, proxies: [{ id: 7, title: 'Login' }] }] }],
    ['a plan count', { planCount: 30 }],
    ['the alert count', { alerts: 2 }],
    ['a downloaded update', { updateVersion: '1.2.3' }],
    ['the session status', { status: 'rejected' }],
    ['a refresh in progress', { refreshing: true }],
    ['a shortcut problem', { shortcutProblem: 'Ctrl+Shift+P is used by another app.' }],
    ['the active account', { accounts: [{ id: 'a1', title: 'dana', active: false }] }],
  ])('applies a change of %s', async (_, change) => {
    const { state, applied, refresher } = setUp();
    refresher.schedule();
    await vi.advanceTimersByTimeAsync(0);
    state.input = { ...signedIn, ...change };
    refresher.schedule();
    await vi.advanceTimersByTimeAsync(TRAY_REFRESH_INTERVAL_MS);
    expect(applied).toEqual([signedIn, state.input]);
  });

  it('applies on flush at once, and throttles the events right after it', async () => {
    const { state, applied, refresher } = setUp();
    refresher.flush();
    expect(applied).toEqual([signedIn]);
    state.input = { ...signedIn, status: 'starting' };
    refresher.flush();
    expect(applied.at(-1)?.status).toBe('starting');

    state.input = { ...signedIn, alerts: 1 };
    refresher.schedule();
    await vi.advanceTimersByTimeAsync(TRAY_REFRESH_INTERVAL_MS - 1);
    expect(applied).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(applied.at(-1)?.alerts).toBe(1);
  });

  it('takes pending events into a flush rather than building again after it', async () => {
    const { state, refresher } = setUp();
    refresher.schedule();
    refresher.flush();
    expect(state.builds).toBe(1);
    await vi.advanceTimersByTimeAsync(10 * TRAY_REFRESH_INTERVAL_MS);
    expect(state.builds).toBe(1);
  });

  it('runs nothing pending once disposed, and ignores later calls', async () => {
    const { state, refresher } = setUp();
    refresher.flush();
    refresher.schedule();
    refresher.dispose();
    await vi.advanceTimersByTimeAsync(10 * TRAY_REFRESH_INTERVAL_MS);
    refresher.schedule();
    refresher.flush();
    await vi.advanceTimersByTimeAsync(10 * TRAY_REFRESH_INTERVAL_MS);
    expect(state.builds).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it.each(['input', 'apply'] as const)(
    'reports a failing %s and tries again on the next event',
    async (failing) => {
      const { state, errors, refresher } = setUp({ failing });
      refresher.schedule();
      await vi.advanceTimersByTimeAsync(0);
      expect(errors).toHaveLength(1);
      refresher.schedule();
      await vi.advanceTimersByTimeAsync(TRAY_REFRESH_INTERVAL_MS);
      expect(state.builds).toBe(2);
      expect(errors).toHaveLength(2);
    },
  );

  it('uses the timers it is given', () => {
    const pending: { callback: () => void; ms: number }[] = [];
    const applied: TrayMenuInput[] = [];
    const refresher = createTrayRefresher({
      input: () => signedIn,
      apply: (input) => applied.push(input),
      onError: (error) => {
        throw error;
      },
      intervalMs: 1_000,
      timers: {
        setTimeout: (callback, ms) => pending.push({ callback, ms }),
        clearTimeout: () => undefined,
      },
    });
    refresher.schedule();
    expect(pending.map((timer) => timer.ms)).toEqual([0]);
    pending.shift()?.callback();
    expect(applied).toEqual([signedIn]);
    expect(pending.map((timer) => timer.ms)).toEqual([1_000]);
  });
});
