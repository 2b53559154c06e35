import type { User } from '../../../shared/api';
import { readText } from './loose-values';
import { readRecord } from './record-reader';
import { readTimestamp } from './timestamps';
import { UnreadableAnswer } from './unreadable-answer';

/** Shown text of any length; the popup shortens what is too long to show. */
const readShown = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** The account key: any non-empty text (a uuid with or without dashes, an opaque id). */
const readKey = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number'
    ? String(value).trim() || undefined
    : undefined;

/*
 * The account record (spec 2.1). Only the username is required: the app needs it to say who is
 * signed in. Everything else is shown when present and readable; the record's own access_token is
 * not read at all.
 */
const USER_RULES = {
  username: { read: readText, expected: 'Expected a user name', required: true },
  uuid: { read: readKey, expected: 'Expected text' },
  // Shown as sent when it is not a timestamp the app can read.
  creation_date: {
    read: (value: unknown) => readTimestamp(value) ?? readShown(value),
    expected: 'Expected text',
  },
  creation_ip: { read: readShown, expected: 'Expected text' },
  name: { read: readShown, expected: 'Expected text' },
  surname: { read: readShown, expected: 'Expected text' },
  address: { read: readShown, expected: 'Expected text' },
} as const;

/** Decodes a /users/me answer; throws UnreadableAnswer when it has no usable username. */
export function decodeUser(json: unknown): User {
  const reading = readRecord(json, USER_RULES);
  if (reading.ok) return reading.record;
  const [first] = reading.problems;
  throw new UnreadableAnswer(
    first?.field ? `${first.field}: ${first.expected}` : 'it is not an account record',
  );
}
