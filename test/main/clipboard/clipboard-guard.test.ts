import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ClipboardGuard } from '../../../src/main/clipboard/clipboard-guard';
import type { Timers } from '../../../src/main/timers';
import { MemoryClipboard } from '../../../tools/stand-ins/memory-clipboard';

const SECRET = '203.0.113.7:8080:alice:s3cret';
const OTHER_SECRET = 'socks5://bob:hunter2@198.51.100.23:1080';

let clipboard: MemoryClipboard;
let clearAfterMs: number;

function makeGuard(options: { onError?: (error: unknown) => void } = {}) {
  return new ClipboardGuard({ clipboard, clearAfterMs: () => clearAfterMs, ...options });
}

/**
 * Writes of `slowText` land on the clipboard at once but report back only when the returned
 * function is called, as Electron's asynchronous write may: lets a test act in between.
 */
function slowToFinishWriting(slowText: string): () => void {
  let finish = () => {};
  const finished = new Promise<void>((resolve) => (finish = resolve));
  const write = clipboard.writeText.bind(clipboard);
  clipboard.writeText = async (text, options) => {
    await write(text, options);
    if (text === slowText) await finished;
  };
  return finish;
}

beforeEach(() => {
  vi.useFakeTimers();
  clipboard = new MemoryClipboard();
  clearAfterMs = 30_000;
});

afterEach(() => {
  vi.useRealTimers();
});

describe('ClipboardGuard.copy', () => {
  it('writes the text, concealed from clipboard managers', async () => {
    await makeGuard().copy(SECRET);
    expect(clipboard.writes).toEqual([{ text: SECRET, concealed: true }]);
  });

  it('clears the clipboard once the delay has passed, not before', async () => {
    await makeGuard().copy(SECRET);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(clipboard.text).toBe(SECRET);
    await vi.advanceTimersByTimeAsync(1);
    expect(clipboard.text).toBe('');
    expect(clipboard.clears).toBe(1);
  });

  it('leaves what the user copied since alone', async () => {
    await makeGuard().copy(SECRET);
    clipboard.userCopies('a shopping list');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(clipboard.text).toBe('a shopping list');
    expect(clipboard.clears).toBe(0);
  });

  it('leaves text that holds no secret on the clipboard, in plain sight, and stops an earlier clear', async () => {
    const guard = makeGuard();
    await guard.copy(SECRET);
    await guard.copy('http://127.0.0.1:24001', { secret: false });
    expect(clipboard.writes.at(-1)).toEqual({ text: 'http://127.0.0.1:24001', concealed: false });
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(clipboard.text).toBe('http://127.0.0.1:24001');
    expect(clipboard.clears).toBe(0);
    await guard.clearOnQuit();
    expect(clipboard.text).toBe('http://127.0.0.1:24001');
  });

  it('never clears with a delay of 0', async () => {
    clearAfterMs = 0;
    const guard = makeGuard();
    await guard.copy(SECRET);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(clipboard.text).toBe(SECRET);
    expect(vi.getTimerCount()).toBe(0);
    // Nothing is pending, so nothing is held: quitting leaves the copy the user asked to keep.
    await guard.clearOnQuit();
    expect(clipboard.text).toBe(SECRET);
    expect(clipboard.reads).toBe(0);
  });

  it('uses the delay set at the time of the copy', async () => {
    const guard = makeGuard();
    clearAfterMs = 10_000;
    await guard.copy(SECRET);
    clearAfterMs = 60_000;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(clipboard.text).toBe('');

    await guard.copy(OTHER_SECRET);
    await vi.advanceTimersByTimeAsync(59_999);
    expect(clipboard.text).toBe(OTHER_SECRET);
    await vi.advanceTimersByTimeAsync(1);
    expect(clipboard.text).toBe('');
  });

  it('lets a second copy replace the pending clear', async () => {
    const guard = makeGuard();
    await guard.copy(SECRET);
    await vi.advanceTimersByTimeAsync(20_000);
    await guard.copy(OTHER_SECRET);
    expect(vi.getTimerCount()).toBe(1);
    // The first copy's clear would have come here.
    await vi.advanceTimersByTimeAsync(10_000);
    expect(clipboard.text).toBe(OTHER_SECRET);
    expect(clipboard.reads).toBe(0);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(clipboard.text).toBe('');
    expect(clipboard.clears).toBe(1);
  });

  it('forgets the text once it is cleared: the same text copied by the user stays', async () => {
    const guard = makeGuard();
    await guard.copy(SECRET);
    await vi.advanceTimersByTimeAsync(30_000);
    clipboard.userCopies(SECRET);
    await guard.clearOnQuit();
    expect(clipboard.text).toBe(SECRET);
    expect(clipboard.clears).toBe(1);
  });

  it('forgets the text once the user copied something else', async () => {
    const guard = makeGuard();
    await guard.copy(SECRET);
    clipboard.userCopies('something else');
    await vi.advanceTimersByTimeAsync(30_000);
    clipboard.userCopies(SECRET);
    await guard.clearOnQuit();
    expect(clipboard.text).toBe(SECRET);
  });

  it('does not clear a copy made while it was reading the clipboard to decide', async () => {
    const guard = makeGuard();
    await guard.copy(SECRET);
    let openGate = () => {};
    clipboard.readGate = new Promise((resolve) => (openGate = resolve));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(clipboard.reads).toBe(1);
    // The new copy lands before the read answers; the read then sees the new text anyway, but
    // even a read that answered with the old text must not lead to a clear.
    clipboard.readGate = undefined;
    await guard.copy(OTHER_SECRET);
    clipboard.text = SECRET;
    openGate();
    await vi.advanceTimersByTimeAsync(0);
    expect(clipboard.clears).toBe(0);
  });

  it('clears the newer of two overlapping copies even when the older one finishes last', async () => {
    // The second copy lands and finishes while the first is still being written.
    const finishFirstWrite = slowToFinishWriting(SECRET);
    const guard = makeGuard();
    const firstCopy = guard.copy(SECRET);
    await guard.copy(OTHER_SECRET);
    finishFirstWrite();
    await firstCopy;
    expect(vi.getTimerCount()).toBe(1);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(clipboard.text).toBe('');
    expect(clipboard.clears).toBe(1);
    // Nothing of the first copy is left waiting either.
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects when the clipboard cannot be written, and schedules nothing', async () => {
    clipboard.failWrites = true;
    const guard = makeGuard();
    await expect(guard.copy(SECRET)).rejects.toThrow('The clipboard could not be written.');
    expect(vi.getTimerCount()).toBe(0);
    // Nothing is left pending either: quitting does not even look at the clipboard.
    await guard.clearOnQuit();
    expect(clipboard.reads).toBe(0);
  });

  it('keeps a newer copy pending when an older write fails after it', async () => {
    let failFirstWrite = () => {};
    const firstWriteFails = new Promise<void>((resolve) => (failFirstWrite = resolve));
    const write = clipboard.writeText.bind(clipboard);
    clipboard.writeText = async (text, options) => {
      if (text !== SECRET) return write(text, options);
      await firstWriteFails;
      throw new Error('The clipboard could not be written.');
    };
    const guard = makeGuard();
    const firstCopy = guard.copy(SECRET);
    await guard.copy(OTHER_SECRET);
    failFirstWrite();
    await expect(firstCopy).rejects.toThrow('could not be written');
    await guard.clearOnQuit();
    expect(clipboard.text).toBe('');
  });

  it('reports a failure of the delayed clear instead of leaving an unhandled rejection', async () => {
    const errors: unknown[] = [];
    await makeGuard({ onError: (error) => errors.push(error) }).copy(SECRET);
    clipboard.failReads = true;
    await vi.advanceTimersByTimeAsync(30_000);
    expect(errors).toHaveLength(1);
    expect(String(errors[0])).toContain('could not be read');
  });

  it('caps delays beyond what setTimeout can hold instead of clearing at once', async () => {
    clearAfterMs = 2 ** 31 + 5_000;
    await makeGuard().copy(SECRET);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(clipboard.text).toBe(SECRET);
  });
});

describe('ClipboardGuard.clearOnQuit', () => {
  it('clears our text at once and cancels the timer', async () => {
    const guard = makeGuard();
    await guard.copy(SECRET);
    await guard.clearOnQuit();
    expect(clipboard.text).toBe('');
    expect(vi.getTimerCount()).toBe(0);
  });

  it("leaves the user's own copy on the clipboard", async () => {
    const guard = makeGuard();
    await guard.copy(SECRET);
    clipboard.userCopies('my notes');
    await guard.clearOnQuit();
    expect(clipboard.text).toBe('my notes');
    expect(clipboard.clears).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does not clear a copy made while it was reading the clipboard to decide', async () => {
    const guard = makeGuard();
    await guard.copy(SECRET);
    let openGate = () => {};
    clipboard.readGate = new Promise((resolve) => (openGate = resolve));
    const quitting = guard.clearOnQuit();
    await vi.advanceTimersByTimeAsync(0);
    expect(clipboard.reads).toBe(1);
    await guard.copy(OTHER_SECRET);
    // Even a read that answered with the old text must not lead to a clear.
    clipboard.text = SECRET;
    openGate();
    await quitting;
    expect(clipboard.clears).toBe(0);
  });

  it('takes off a copy whose write was still under way when quitting began', async () => {
    const finishWrite = slowToFinishWriting(SECRET);
    const guard = makeGuard();
    const copying = guard.copy(SECRET);
    const quitting = guard.clearOnQuit();
    finishWrite();
    await Promise.all([copying, quitting]);
    expect(clipboard.text).toBe('');
    expect(clipboard.clears).toBe(1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('waits for that write to end before it reads, so the text cannot land after it', async () => {
    let landWrite = () => {};
    const landed = new Promise<void>((resolve) => (landWrite = resolve));
    const write = clipboard.writeText.bind(clipboard);
    clipboard.writeText = async (text, options) => {
      await landed;
      await write(text, options);
    };
    const guard = makeGuard();
    const copying = guard.copy(SECRET);
    const quitting = guard.clearOnQuit();
    await vi.advanceTimersByTimeAsync(0);
    expect(clipboard.reads).toBe(0);
    landWrite();
    await Promise.all([copying, quitting]);
    expect(clipboard.text).toBe('');
  });

  it('leaves the clipboard alone when that write failed', async () => {
    clipboard.userCopies('my notes');
    clipboard.failWrites = true;
    const guard = makeGuard();
    const copying = guard.copy(SECRET);
    await guard.clearOnQuit();
    await expect(copying).rejects.toThrow('could not be written');
    expect(clipboard.text).toBe('my notes');
    expect(clipboard.clears).toBe(0);
  });

  it('lets no copy that was under way when quitting began schedule a clear of its own', async () => {
    const finishFirstWrite = slowToFinishWriting(SECRET);
    const guard = makeGuard();
    clearAfterMs = 10_000;
    const firstCopy = guard.copy(SECRET);
    const quitting = guard.clearOnQuit();
    clearAfterMs = 60_000;
    await guard.copy(OTHER_SECRET);
    finishFirstWrite();
    await Promise.all([firstCopy, quitting]);
    expect(vi.getTimerCount()).toBe(1);
    // A stray clear of the first copy would have dropped the second one's by now.
    await vi.advanceTimersByTimeAsync(10_000);
    await guard.clearOnQuit();
    expect(clipboard.text).toBe('');
  });

  it('still takes a later copy off when a copy being written before it finishes last', async () => {
    const finishFirstWrite = slowToFinishWriting(SECRET);
    const guard = makeGuard();
    const firstCopy = guard.copy(SECRET);
    await guard.copy(OTHER_SECRET);
    finishFirstWrite();
    await firstCopy;
    await guard.clearOnQuit();
    expect(clipboard.text).toBe('');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('does nothing when nothing is pending', async () => {
    clipboard.userCopies('my notes');
    await makeGuard().clearOnQuit();
    expect(clipboard.text).toBe('my notes');
    expect(clipboard.reads).toBe(0);
  });

  it('is what dispose does', async () => {
    const guard = makeGuard();
    await guard.copy(SECRET);
    await guard.dispose();
    expect(clipboard.text).toBe('');
    // The timer is gone too: a later copy by the user of the same text survives the old delay.
    clipboard.userCopies(SECRET);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(clipboard.text).toBe(SECRET);
  });
});

describe('injected timers', () => {
  it('schedules and cancels through them', async () => {
    const scheduled = new Map<number, { callback: () => void; ms: number }>();
    let nextHandle = 1;
    const timers: Timers = {
      setTimeout: (callback, ms) => {
        scheduled.set(nextHandle, { callback, ms });
        return nextHandle++;
      },
      clearTimeout: (handle) => scheduled.delete(handle as number),
    };
    const guard = new ClipboardGuard({ clipboard, clearAfterMs: () => 5_000, timers });
    await guard.copy(SECRET);
    await guard.copy(OTHER_SECRET);
    expect([...scheduled.values()].map((timer) => timer.ms)).toEqual([5_000]);
    const [timer] = scheduled.values();
    timer?.callback();
    await vi.advanceTimersByTimeAsync(0);
    expect(clipboard.text).toBe('');
  });
});

describe('ClipboardGuard onCleared', () => {
  function guardTellingClears() {
    const cleared: string[] = [];
    const guard = new ClipboardGuard({
      clipboard,
      clearAfterMs: () => clearAfterMs,
      // What the clipboard held when told: the clear must have happened first.
      onCleared: () => cleared.push(clipboard.text),
    });
    return { guard, cleared };
  }

  it('is told once, after the clipboard was actually cleared', async () => {
    const { guard, cleared } = guardTellingClears();
    await guard.copy(SECRET);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(cleared).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(cleared).toEqual(['']);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(cleared).toEqual(['']);
  });

  it('is not told when the user copied something else meanwhile', async () => {
    const { guard, cleared } = guardTellingClears();
    await guard.copy(SECRET);
    clipboard.userCopies('a shopping list');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(cleared).toEqual([]);
  });

  it('is told for the last of two copies only, at its own time', async () => {
    const { guard, cleared } = guardTellingClears();
    await guard.copy(SECRET);
    await vi.advanceTimersByTimeAsync(10_000);
    await guard.copy(OTHER_SECRET);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(cleared).toEqual([]);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(cleared).toEqual(['']);
  });

  it('is not told when quitting clears the clipboard', async () => {
    const { guard, cleared } = guardTellingClears();
    await guard.copy(SECRET);
    await guard.clearOnQuit();
    expect(clipboard.text).toBe('');
    await vi.advanceTimersByTimeAsync(30_000);
    expect(cleared).toEqual([]);
  });
});
