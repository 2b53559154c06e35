import type { z } from 'zod';
import { settingsSchema } from '../settings/settings-schema';

/** The settings as the popup sees them: the accounts (and their last URL) travel in the session's view instead. */
export const settingsViewSchema = settingsSchema.omit({
  schemaVersion: true,
  accounts: true,
  activeAccountId: true,
  lastServiceUrl: true,
});
export type SettingsView = z.infer<typeof settingsViewSchema>;
