import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RefreshScheduler } from '../../../src/main/plans/refresh-scheduler';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

function setUp(options: { hasAccount?: boolean; intervalMs?: number; failing?: boolean } = {}) {
  const state = {
    hasAccount: options.hasAccount ?? true,
    intervalMs: options.intervalMs ?? 60_000,
    refreshes: 0,
  };
  const scheduler = new RefreshScheduler({
    refresh: async () => {
      state.refreshes += 1;
      if (options.failing) throw new Error('offline');
    },
    intervalMs: () => state.intervalMs,
    hasAccount: () => state.hasAccount,
  });
  return { state, scheduler };
}

describe('RefreshScheduler', () => {
  it('refreshes once per interval', async () => {
    const { state, scheduler } = setUp();
    scheduler.reschedule();
    await vi.advanceTimersByTimeAsync(59_999);
    expect(state.refreshes).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(state.refreshes).toBe(1);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(state.refreshes).toBe(3);
  });

  it('runs no timer while nobody is signed in', async () => {
    const { state, scheduler } = setUp({ hasAccount: false });
    scheduler.reschedule();
    expect(scheduler.armed).toBe(false);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(state.refreshes).toBe(0);
    state.hasAccount = true;
    scheduler.reschedule();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.refreshes).toBe(1);
  });

  it('stops when the account goes away between two refreshes', async () => {
    const { state, scheduler } = setUp();
    scheduler.reschedule();
    await vi.advanceTimersByTimeAsync(60_000);
    state.hasAccount = false;
    await vi.advanceTimersByTimeAsync(60_000);
    expect(state.refreshes).toBe(1);
    expect(scheduler.armed).toBe(false);
  });

  it('applies a changed interval from the next countdown', async () => {
    const { state, scheduler } = setUp();
    scheduler.reschedule();
    state.intervalMs = 10_000;
    scheduler.reschedule();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(state.refreshes).toBe(1);
  });

  it('goes on after a failed refresh', async () => {
    const { state, scheduler } = setUp({ failing: true });
    scheduler.reschedule();
    await vi.advanceTimersByTimeAsync(180_000);
    expect(state.refreshes).toBe(3);
  });

  it('stop() during a refresh: no countdown starts once it ends', async () => {
    let finish = () => {};
    let refreshes = 0;
    const scheduler = new RefreshScheduler({
      refresh: () =>
        new Promise<void>((resolve) => {
          refreshes += 1;
          finish = resolve;
        }),
      intervalMs: () => 60_000,
      hasAccount: () => true,
    });
    scheduler.reschedule();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(refreshes).toBe(1);
    scheduler.stop();
    finish();
    await vi.advanceTimersByTimeAsync(600_000);
    expect(refreshes).toBe(1);
    expect(scheduler.armed).toBe(false);
  });

  it('stop() cancels the countdown', async () => {
    const { state, scheduler } = setUp();
    scheduler.reschedule();
    expect(scheduler.armed).toBe(true);
    scheduler.stop();
    expect(scheduler.armed).toBe(false);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(state.refreshes).toBe(0);
  });
});
