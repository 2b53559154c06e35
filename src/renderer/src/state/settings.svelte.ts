import type { SettingsPatch } from '../../../shared/settings/settings-schema';
import type { SettingsView } from '../../../shared/views/settings-view';
import { refusalText } from '../lib/refusal-text';
import { bridge } from './bridge';
import { toasts } from './toasts.svelte';

export type SettingKey = keyof SettingsView;

/** The settings as saved; a refused change leaves them as they were and says why, per field. */
class SettingsStore {
  view = $state.raw<SettingsView | null>(null);
  errors = $state.raw<Partial<Record<SettingKey, string>>>({});

  accept(view: SettingsView): void {
    this.view = view;
  }

  async load(): Promise<void> {
    const result = await bridge().settings.get();
    if (result.ok) this.accept(result.value);
    else toasts.error(result.error.message);
  }

  /** Shows a message next to a field without asking the main process (a value it cannot send). */
  refuse(key: SettingKey, message: string): void {
    this.errors = { ...this.errors, [key]: message };
  }

  async update(patch: SettingsPatch): Promise<boolean> {
    const keys = Object.keys(patch) as SettingKey[];
    this.errors = Object.fromEntries(
      Object.entries(this.errors).filter(([key]) => !keys.includes(key as SettingKey)),
    );
    const result = await bridge().settings.update(patch);
    if (result.ok) {
      this.accept(result.value);
      return true;
    }
    const refused = Object.fromEntries(
      keys.map((key) => [key, refusalText(result.error.message, key)]),
    );
    this.errors = { ...this.errors, ...refused };
    return false;
  }
}

export const settings = new SettingsStore();
