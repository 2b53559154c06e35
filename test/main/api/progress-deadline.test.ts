import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ProgressDeadline } from '../../../src/main/api/progress-deadline';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('a deadline on no progress', () => {
  it('fires when nothing happens for the idle time, saying which limit it was', () => {
    const deadline = new ProgressDeadline({ idleMs: 100, capMs: 1_000 });
    vi.advanceTimersByTime(99);
    expect(deadline.signal.aborted).toBe(false);
    vi.advanceTimersByTime(1);
    expect(deadline.reason).toBe('idle');
    expect(deadline.signal.reason).toMatchObject({ message: 'deadline: idle' });
  });

  it('keeps the cap as the reason when progress is reported after it fired', () => {
    const deadline = new ProgressDeadline({ idleMs: 100, capMs: 250 });
    for (let step = 0; step < 5; step += 1) {
      vi.advanceTimersByTime(60);
      deadline.progressed();
    }
    expect(deadline.reason).toBe('cap');
    expect(deadline.signal.reason).toMatchObject({ message: 'deadline: cap' });
    deadline.progressed();
    vi.advanceTimersByTime(1_000);
    expect(deadline.reason).toBe('cap');
  });

  it('never fires once disposed', () => {
    const deadline = new ProgressDeadline({ idleMs: 100, capMs: 200 });
    deadline.dispose();
    vi.advanceTimersByTime(1_000);
    expect(deadline.signal.aborted).toBe(false);
    expect(deadline.reason).toBeUndefined();
  });
});
