import { z } from 'zod';

/**
 * What the desktop did not give the app, in plain sentences for the popup and the tray: a global
 * shortcut another app holds, a desktop that shows no tray icons. Null when all is well.
 */
export const desktopStatusSchema = z.object({
  shortcutProblem: z.string().nullable(),
  trayHelp: z.string().nullable(),
});
export type DesktopStatus = z.infer<typeof desktopStatusSchema>;
