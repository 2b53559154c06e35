/**
 * The quit hooks (clearing a copied password first among them) must also run when the system ends
 * the session, which does not always go through `app.quit()`: on Windows, `before-quit` is not
 * emitted when the app is closed by a shutdown, restart or log-off (Electron's `app` docs), so a
 * password copied from the tray would outlive the app on the clipboard.
 *
 * Plain Node: the Electron objects come in as the narrow shapes below, so tests hand stand-ins.
 */

/** A BrowserWindow, for its `session-end` event (Windows only; never emitted elsewhere). */
export interface SessionEndSource {
  on(event: 'session-end', listener: () => void): unknown;
}

export interface ShutdownEvent {
  preventDefault(): void;
}

/**
 * Electron's `powerMonitor`, for its `shutdown` event (Linux and macOS only). The docs call
 * `e.preventDefault()` on it but electron.d.ts declares the listener without arguments: the
 * event is optional here, and a missing one only loses the delay.
 */
export interface ShutdownSource {
  on(event: 'shutdown', listener: (event?: ShutdownEvent) => void): unknown;
}

export interface SessionEndQuitHooksOptions {
  /** The popup's window: Windows sends WM_ENDSESSION to hidden top-level windows too. */
  window: SessionEndSource;
  powerMonitor: ShutdownSource;
  /**
   * Runs the app's quit hooks, the same run `before-quit` uses: a second call (a `before-quit`
   * after the shutdown's `app.quit()`) gets the first run's promise and runs nothing twice.
   */
  runQuitHooks: () => Promise<unknown>;
  quit: () => void;
}

export function runQuitHooksOnSessionEnd(options: SessionEndQuitHooksOptions): void {
  // Windows: "once this event fires, there is no way to prevent the session from ending", and the
  // process may be ended as soon as the listener returns. The hooks start synchronously here, and
  // the guard's clear needs only microtasks, which run before the listener returns to Electron.
  // No `app.quit()`: Windows ends the app itself. (`query-session-end` could delay the end, but
  // the docs ask apps to respect the user's choice, and the clear does not need the time.)
  options.window.on('session-end', () => {
    void options.runQuitHooks();
  });

  // Linux and macOS: preventDefault() asks Electron to hold the shutdown (Linux: a logind "delay"
  // inhibitor lock, honoured for at most InhibitDelayMaxSec, 5 s by default; the hooks are bounded
  // at 3 s) until the app quits, and the docs ask the app to quit as soon as it can: right after
  // the hooks, whether they succeeded or not.
  options.powerMonitor.on('shutdown', (event) => {
    event?.preventDefault();
    const quit = () => options.quit();
    void options.runQuitHooks().then(quit, quit);
  });
}
