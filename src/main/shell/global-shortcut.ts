import type { GlobalShortcut } from 'electron';
import { checkAccelerator, describeAccelerator } from '../../shared/settings/shortcut-accelerator';
import type { ShortcutPort, ShortcutResult } from '../desktop-status/shortcut-port';

/** The part of Electron's globalShortcut the app uses. */
export type ShortcutRegistry = Pick<GlobalShortcut, 'register' | 'unregister' | 'isRegistered'>;

/**
 * Registers a system-wide shortcut. Never throws: an invalid shortcut, or one another app (or
 * the system) already holds — `register` then returns false, and Electron says nothing else —
 * comes back as a sentence for Settings and the tray to show.
 */
function register(
  registry: ShortcutRegistry,
  platform: NodeJS.Platform,
  accelerator: string,
  onPress: () => void,
): ShortcutResult {
  let registered: boolean;
  try {
    registered = registry.register(accelerator, onPress);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { ok: false, message: `The shortcut could not be set: ${reason}` };
  }
  if (!registered) {
    const name = describeAccelerator(accelerator, platform);
    return { ok: false, message: `${name} is used by another app — choose another.` };
  }
  return { ok: true, accelerator };
}

function unregister(registry: ShortcutRegistry, accelerator: string): void {
  if (registry.isRegistered(accelerator)) registry.unregister(accelerator);
}

/**
 * One app-wide shortcut that Settings can change at run time, over Electron's globalShortcut
 * (call after `app.whenReady()`). When a new one cannot be registered, the previous one keeps
 * working and the result says why.
 */
export function createGlobalShortcut(
  registry: ShortcutRegistry,
  platform: NodeJS.Platform,
  onPress: () => void,
): ShortcutPort {
  let current: string | null = null;
  return {
    set(accelerator) {
      const previous = current;
      if (accelerator === null) {
        if (previous) unregister(registry, previous);
        current = null;
        return { ok: true, accelerator: null };
      }
      const checked = checkAccelerator(accelerator, platform);
      if (!checked.ok) return checked;
      if (checked.accelerator === previous) return checked;
      // Released first: the new shortcut may be the same keys spelt differently
      // (Control+Space and CommandOrControl+Space on Windows).
      if (previous) unregister(registry, previous);
      const result = register(registry, platform, checked.accelerator, onPress);
      if (result.ok) {
        current = checked.accelerator;
        return result;
      }
      current = previous && register(registry, platform, previous, onPress).ok ? previous : null;
      return result;
    },
    dispose() {
      if (current) unregister(registry, current);
      current = null;
    },
  };
}
