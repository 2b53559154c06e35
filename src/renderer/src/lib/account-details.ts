import type { User } from '../../../shared/api/user';
import { formatCalendarDate } from '../../../shared/format/calendar-date';
import { expiryPhrase } from './relative-time';

/** One line of the Account details panel: a label and what to show for it. */
export interface AccountDetailRow {
  label: string;
  /** What is shown; null when the service did not send it (the panel says "not given"). */
  value: string | null;
  /** The value as it came, for a tooltip, when the shown text is a reformatting of it. */
  full?: string;
  /** Machine text (ids, addresses, URLs): shown in a monospace font. */
  code?: boolean;
  /** A second, quieter line under the value (how long until the token expires). */
  note?: string;
  /** The token expiry's warning, shown as a badge like the plans' "Expired". */
  warning?: 'expired' | 'soon';
}

/**
 * A label for every field of the user record, in the order the panel lists them. A Record over
 * the record's keys, so a field added to the schema cannot be left out of the panel.
 */
const USER_FIELD_LABELS: Record<keyof User, string> = {
  username: 'Username',
  name: 'First name',
  surname: 'Surname',
  address: 'Address',
  creation_date: 'Account created',
  creation_ip: 'Created from IP',
  uuid: 'Account ID',
};

const CODE_FIELDS: ReadonlySet<keyof User> = new Set(['uuid', 'creation_ip']);

/** Empty or blank text says as little as a missing field: both read "not given". */
function given(text: string | null): string | null {
  return text !== null && text.trim() !== '' ? text : null;
}

/** Every field of the user record as label/value rows; the access token is not in the record. */
export function userRecordRows(user: User): AccountDetailRow[] {
  return (Object.keys(USER_FIELD_LABELS) as (keyof User)[]).map((field) => {
    const text = given(user[field]);
    const row: AccountDetailRow = { label: USER_FIELD_LABELS[field], value: text };
    if (CODE_FIELDS.has(field)) row.code = true;
    if (field === 'creation_date' && text !== null) {
      row.value = formatCalendarDate(text);
      row.full = text;
    }
    return row;
  });
}

/** What the session knows of the signed-in account that the user record does not say. */
export interface SessionDetails {
  serviceUrl: string;
  tokenExpiresAt?: string | undefined;
  tokenExpiryWarning?: 'expired' | 'soon' | undefined;
}

/** The service URL and the access token's expiry, as rows. */
export function sessionRows(session: SessionDetails, now: number): AccountDetailRow[] {
  const expiry: AccountDetailRow = { label: 'Token expires', value: null };
  const expiresAt = given(session.tokenExpiresAt ?? null);
  if (expiresAt !== null) {
    expiry.value = formatCalendarDate(expiresAt);
    expiry.full = expiresAt;
    const phrase = expiryPhrase(expiresAt, now);
    // "expiry unknown" would contradict the date shown: only a readable date gets a note.
    if (phrase !== 'expiry unknown') expiry.note = phrase;
  }
  if (session.tokenExpiryWarning) expiry.warning = session.tokenExpiryWarning;
  return [{ label: 'Service URL', value: given(session.serviceUrl), code: true }, expiry];
}

/** The badge text of a token expiry warning, worded like the plans' badges. */
export const EXPIRY_WARNING_TEXT: Record<'expired' | 'soon', string> = {
  expired: 'Expired',
  soon: 'Expires soon',
};
