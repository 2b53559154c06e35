import { z } from 'zod';

/**
 * Spec 2.1: the account record of GET and POST /users/me, as the app holds it. Only the username
 * is required: the rest is shown when the service sends it. The record's `access_token` is never
 * kept: the app has the token it signed in with, and one copy of a secret is enough.
 */
export const userSchema = z.object({
  /** Any non-empty text: the account's key at its service when present. */
  uuid: z.string().min(1).nullable(),
  username: z.string().min(1),
  creation_date: z.string().nullable(),
  creation_ip: z.string().nullable(),
  name: z.string().nullable(),
  surname: z.string().nullable(),
  address: z.string().nullable(),
});

export type User = z.infer<typeof userSchema>;
