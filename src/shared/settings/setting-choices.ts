/* Plain constants of the settings, no zod: the popup imports them to build its controls. */

export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

export const CLIPBOARD_CLEAR_MAX_SECONDS = 3600;
export const REFRESH_INTERVAL_MAX_MINUTES = 1440;
