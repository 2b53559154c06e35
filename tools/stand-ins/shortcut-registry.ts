import type { ShortcutRegistry } from '../../src/main/shell/global-shortcut';

/**
 * A stand-in for Electron's globalShortcut (which Electron owns): it records registrations, and
 * refuses the accelerators listed in `takenByOtherApps` as Electron does, by returning false.
 */
export class RecordingShortcutRegistry implements ShortcutRegistry {
  readonly registered = new Map<string, () => void>();
  readonly takenByOtherApps = new Set<string>();

  register(accelerator: string, callback: () => void): boolean {
    if (this.takenByOtherApps.has(accelerator) || this.registered.has(accelerator)) return false;
    this.registered.set(accelerator, callback);
    return true;
  }

  unregister(accelerator: string): void {
    this.registered.delete(accelerator);
  }

  isRegistered(accelerator: string): boolean {
    return this.registered.has(accelerator);
  }

  /** The user presses the keys. */
  press(accelerator: string): void {
    this.registered.get(accelerator)?.();
  }
}
