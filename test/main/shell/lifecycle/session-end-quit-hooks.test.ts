import { describe, expect, it, vi } from 'vitest';
import { ClipboardGuard } from '../../../../src/main/clipboard/clipboard-guard';
import { createQuitHooks } from '../../../../src/main/shell/lifecycle/quit-hooks';
import {
  runQuitHooksOnSessionEnd,
  type ShutdownEvent,
} from '../../../../src/main/shell/lifecycle/session-end-quit-hooks';
import { MemoryClipboard } from '../../../../tools/stand-ins/memory-clipboard';

const PASSWORD = '203.0.113.7:8080:alice:s3cret';

/** Records the listeners registered on it, and calls them as Electron would. */
class RecordingEmitter {
  readonly listeners = new Map<string, ((event?: ShutdownEvent) => void)[]>();
  on(event: string, listener: (event?: ShutdownEvent) => void): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  emit(event: string, argument?: ShutdownEvent): void {
    const listeners = this.listeners.get(event) ?? [];
    expect(listeners, `a listener for '${event}'`).not.toHaveLength(0);
    for (const listener of listeners) listener(argument);
  }
}

/** The app's wiring in small: a password on the clipboard, the guard's clear as a quit hook. */
async function appWithCopiedPassword() {
  const clipboard = new MemoryClipboard();
  const guard = new ClipboardGuard({ clipboard, clearAfterMs: () => 30_000 });
  await guard.copy(PASSWORD);
  const hooks = createQuitHooks();
  hooks.add('clear our clipboard copy', () => guard.clearOnQuit());
  const runQuitHooks = vi.fn(() => hooks.run());
  const window = new RecordingEmitter();
  const powerMonitor = new RecordingEmitter();
  const quit = vi.fn();
  runQuitHooksOnSessionEnd({ window, powerMonitor, runQuitHooks, quit });
  return { clipboard, hooks, runQuitHooks, window, powerMonitor, quit };
}

describe("the end of the session (Windows: the window's session-end)", () => {
  it('clears the copied password through the quit hooks', async () => {
    const app = await appWithCopiedPassword();
    expect(app.clipboard.text).toBe(PASSWORD);
    app.window.emit('session-end');
    expect(app.runQuitHooks).toHaveBeenCalledTimes(1);
    // The same run a later before-quit would get: awaiting it waits for the clear.
    await app.hooks.run();
    expect(app.clipboard.text).toBe('');
    expect(app.clipboard.clears).toBe(1);
  });

  it('starts the hooks before the listener returns: Windows may end the process right after', () => {
    const hook = vi.fn();
    const hooks = createQuitHooks();
    hooks.add('synchronous part', hook);
    const window = new RecordingEmitter();
    runQuitHooksOnSessionEnd({
      window,
      powerMonitor: new RecordingEmitter(),
      runQuitHooks: () => hooks.run(),
      quit: () => {},
    });
    window.emit('session-end');
    expect(hook).toHaveBeenCalledTimes(1);
  });

  it('does not call quit: Windows ends the app itself', async () => {
    const app = await appWithCopiedPassword();
    app.window.emit('session-end');
    await app.hooks.run();
    expect(app.quit).not.toHaveBeenCalled();
  });
});

describe("a shutdown or restart (Linux and macOS: powerMonitor's shutdown)", () => {
  it('holds the shutdown, clears the copied password, then quits', async () => {
    const app = await appWithCopiedPassword();
    const event = { preventDefault: vi.fn() };
    app.powerMonitor.emit('shutdown', event);
    expect(event.preventDefault).toHaveBeenCalledTimes(1);
    expect(app.runQuitHooks).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1));
    expect(app.clipboard.text).toBe('');
  });

  it('quits only once the hooks are done', async () => {
    let finish: () => void = () => {};
    const hooks = createQuitHooks();
    hooks.add('slow', () => new Promise<void>((resolve) => (finish = resolve)));
    const powerMonitor = new RecordingEmitter();
    const quit = vi.fn();
    runQuitHooksOnSessionEnd({
      window: new RecordingEmitter(),
      powerMonitor,
      runQuitHooks: () => hooks.run(),
      quit,
    });
    powerMonitor.emit('shutdown', { preventDefault: () => {} });
    await Promise.resolve();
    expect(quit).not.toHaveBeenCalled();
    finish();
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
  });

  it('still runs the hooks and quits when the hooks fail', async () => {
    const powerMonitor = new RecordingEmitter();
    const quit = vi.fn();
    runQuitHooksOnSessionEnd({
      window: new RecordingEmitter(),
      powerMonitor,
      runQuitHooks: () => Promise.reject(new Error('keychain locked')),
      quit,
    });
    powerMonitor.emit('shutdown', { preventDefault: () => {} });
    await vi.waitFor(() => expect(quit).toHaveBeenCalledTimes(1));
  });

  it('runs the hooks without an event too (electron.d.ts declares the listener without one)', async () => {
    const app = await appWithCopiedPassword();
    app.powerMonitor.emit('shutdown');
    await vi.waitFor(() => expect(app.quit).toHaveBeenCalledTimes(1));
    expect(app.clipboard.text).toBe('');
  });
});
