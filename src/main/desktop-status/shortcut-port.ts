/** What registering the global shortcut gave: the accelerator, none, or why not. */
export type ShortcutResult =
  { ok: true; accelerator: string | null } | { ok: false; message: string };

/**
 * The system-wide shortcut, as the main services need it: Electron's globalShortcut in the app
 * (shell/global-shortcut.ts), a stand-in in the browser harness and the tests.
 */
export interface ShortcutPort {
  /** Replaces the shortcut (null removes it); never throws. */
  set(accelerator: string | null): ShortcutResult;
  dispose(): void;
}
