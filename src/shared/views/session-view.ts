import { z } from 'zod';

/** An account as the popup may see it: no uuid, no token. */
export const accountViewSchema = z.object({
  id: z.string(),
  serviceUrl: z.string(),
  username: z.string(),
  displayName: z.string(),
});

/** The session as the popup shows it: who is signed in, every remembered account, what is wrong. */
export const sessionViewSchema = z.object({
  state: z.enum(['signed-out', 'active', 'rejected', 'keychain-error']),
  account: accountViewSchema.optional(),
  accounts: z.array(accountViewSchema.extend({ active: z.boolean() })),
  tokenExpiresAt: z.string().optional(),
  tokenExpiryWarning: z.enum(['expired', 'soon']).optional(),
  message: z.string().optional(),
  canKeepForSession: z.literal(true).optional(),
  /** The URL of the account last used, for the sign-in form (kept after the last sign-out). */
  lastServiceUrl: z.string().optional(),
});
export type SessionView = z.infer<typeof sessionViewSchema>;
