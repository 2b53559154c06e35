import { z } from 'zod';

const version = z.string().min(1).max(256);
/** When the update server last answered a check (an ISO time); absent before the first answer. */
const checkedAt = z.iso.datetime().optional();

/**
 * Where the app's own update stands, as the popup and the tray show it. Messages are sentences
 * for the user: no stack, no URL, nothing from the update server's answer.
 */
export const updateStatusSchema = z.discriminatedUnion('state', [
  /** This build cannot update itself (a development run, the browser harness, the demo). */
  z.object({ state: z.literal('unavailable'), message: z.string() }),
  /** Up to date as of `checkedAt`, or not checked yet. */
  z.object({ state: z.literal('idle'), checkedAt }),
  z.object({ state: z.literal('checking'), checkedAt }),
  z.object({ state: z.literal('downloading'), version }),
  /** Downloaded: a restart installs it (quitting does too). */
  z.object({ state: z.literal('ready'), version }),
  /** The last check, download or install failed; the next check tries again. */
  z.object({
    state: z.literal('failed'),
    message: z.string(),
    failedAt: z.iso.datetime(),
    checkedAt,
  }),
]);
export type UpdateStatus = z.infer<typeof updateStatusSchema>;
