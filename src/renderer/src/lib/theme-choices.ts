import type { Theme } from '../../../shared/settings/setting-choices';

/** The theme setting's choices, as the settings panel names them. */
export const THEME_CHOICES: readonly { readonly id: Theme; readonly label: string }[] = [
  { id: 'system', label: 'System' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
];
