import type { User } from '../../../shared/api';
import { readString, readText } from './loose-values';
import { optionalField as optional, readRecord, requiredField as required } from './record-reader';
import { readTimestamp } from './timestamps';
import { UnreadableAnswer } from './unreadable-answer';

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
  username: required(readText, 'Expected a user name'),
  // Stryker disable StringLiteral: an optional field's words are never shown; decodeUser names only the missing username
  uuid: optional(readKey, 'Expected text'),
  // Shown as sent when it is not a timestamp the app can read.
  creation_date: optional((value) => readTimestamp(value) ?? readString(value), 'Expected text'),
  // Shown text of any length; the popup shortens what is too long to show.
  creation_ip: optional(readString, 'Expected text'),
  name: optional(readString, 'Expected text'),
  surname: optional(readString, 'Expected text'),
  address: optional(readString, 'Expected text'),
  // Stryker restore StringLiteral
};

/** Decodes a /users/me answer; throws UnreadableAnswer when it has no usable username. */
export function decodeUser(json: unknown): User {
  const reading = readRecord(json, USER_RULES);
  if (reading.ok) return reading.record;
  const [first] = reading.problems;
  throw new UnreadableAnswer(
    // Stryker disable next-line OptionalChaining: a failed reading always names at least one problem
    first?.field ? `${first.field}: ${first.expected}` : 'it is not an account record',
  );
}
