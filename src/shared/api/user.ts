import { z } from 'zod';
import { ipAddress, isoTimestamp, uuid } from './primitives';

/** Spec 2.1: the account record returned by GET and POST /users/me. */
export const userSchema = z.object({
  uuid,
  username: z.string(),
  creation_date: isoTimestamp,
  creation_ip: ipAddress,
  name: z.string(),
  surname: z.string(),
  address: z.string(),
  access_token: z.jwt(),
});

export type User = z.infer<typeof userSchema>;
