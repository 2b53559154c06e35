import { globalShortcut } from 'electron';
import { checkAccelerator, describeAccelerator } from '../../shared/settings/hotkey-accelerator';

export type HotkeyResult = { ok: true; accelerator: string } | { ok: false; message: string };

/**
 * Registers a system-wide shortcut. Never throws: an invalid shortcut, or one another app (or
 * the system) already holds, comes back as a sentence for Settings to show.
 */
export function registerGlobalHotkey(accelerator: string, onPress: () => void): HotkeyResult {
  const checked = checkAccelerator(accelerator, process.platform);
  if (!checked.ok) return checked;
  let registered: boolean;
  try {
    registered = globalShortcut.register(checked.accelerator, onPress);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The shortcut could not be set: ${reason}` };
  }
  if (!registered) {
    const name = describeAccelerator(checked.accelerator, process.platform);
    return {
      ok: false,
      message: `${name} is already used by another app or by the system. Choose another shortcut in Settings.`,
    };
  }
  return { ok: true, accelerator: checked.accelerator };
}

export function unregisterGlobalHotkey(accelerator: string): void {
  const checked = checkAccelerator(accelerator, process.platform);
  if (checked.ok && globalShortcut.isRegistered(checked.accelerator)) {
    globalShortcut.unregister(checked.accelerator);
  }
}

export interface GlobalHotkey {
  /**
   * Replaces the shortcut (null removes it). When the new one cannot be registered, the
   * previous one is kept working and the result says why.
   */
  set(accelerator: string | null): HotkeyResult | { ok: true; accelerator: null };
  current(): string | null;
  dispose(): void;
}

/** One app-wide shortcut that Settings can change at run time. Call after `app.whenReady()`. */
export function createGlobalHotkey(onPress: () => void): GlobalHotkey {
  let current: string | null = null;
  return {
    set(accelerator) {
      const previous = current;
      if (accelerator === null) {
        if (previous) unregisterGlobalHotkey(previous);
        current = null;
        return { ok: true, accelerator: null };
      }
      const checked = checkAccelerator(accelerator, process.platform);
      if (!checked.ok) return checked;
      if (checked.accelerator === previous) return checked;
      // Released first: the new shortcut may be the same keys spelt differently
      // (Control+Space and CommandOrControl+Space on Windows).
      if (previous) unregisterGlobalHotkey(previous);
      const result = registerGlobalHotkey(checked.accelerator, onPress);
      if (result.ok) {
        current = result.accelerator;
        return result;
      }
      current = previous && registerGlobalHotkey(previous, onPress).ok ? previous : null;
      return result;
    },
    current: () => current,
    dispose() {
      if (current) unregisterGlobalHotkey(current);
      current = null;
    },
  };
}
