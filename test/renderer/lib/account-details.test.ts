import { describe, expect, it } from 'vitest';
import type { User } from '../../../src/shared/api/user';
import { formatCalendarDate } from '../../../src/shared/format/calendar-date';
import { sessionRows, userRecordRows } from '../../../src/renderer/src/lib/account-details';

const FULL_USER: User = {
  uuid: '6f1c2a9e-3b7d-4c5e-9a10-2b3c4d5e6f70',
  username: 'demo',
  creation_date: '2021-03-04T05:06:07Z',
  creation_ip: '192.0.2.17',
  name: 'Zoë',
  surname: "O'Brien",
  address: '12 Rue de la Paix, 75002 Paris, France',
};

const SPARSE_USER: User = {
  uuid: null,
  username: 'demo',
  creation_date: null,
  creation_ip: null,
  name: null,
  surname: null,
  address: null,
};

describe('userRecordRows', () => {
  it('lists every field of the record, each once, with a label', () => {
    const rows = userRecordRows(FULL_USER);
    expect(rows.map((row) => row.label)).toEqual([
      'Username',
      'First name',
      'Surname',
      'Address',
      'Account created',
      'Created from IP',
      'Account ID',
    ]);
    expect(rows.map((row) => row.value)).toEqual([
      'demo',
      'Zoë',
      "O'Brien",
      '12 Rue de la Paix, 75002 Paris, France',
      formatCalendarDate('2021-03-04T05:06:07Z'),
      '192.0.2.17',
      FULL_USER.uuid,
    ]);
  });

  it('writes the creation date in the popup’s one date format, the sent text in the tooltip', () => {
    const created = userRecordRows(FULL_USER).find((row) => row.label === 'Account created');
    expect(created).toEqual({
      label: 'Account created',
      value: formatCalendarDate('2021-03-04T05:06:07Z'),
      full: '2021-03-04T05:06:07Z',
    });
  });

  it('keeps a creation date that is not a date as the service sent it', () => {
    const rows = userRecordRows({ ...FULL_USER, creation_date: 'last spring' });
    expect(rows.find((row) => row.label === 'Account created')?.value).toBe('last spring');
  });

  it('gives null (shown as "not given") for every field the service left out, never dropping it', () => {
    const rows = userRecordRows(SPARSE_USER);
    expect(rows).toHaveLength(7);
    expect(rows.filter((row) => row.value === null).map((row) => row.label)).toEqual([
      'First name',
      'Surname',
      'Address',
      'Account created',
      'Created from IP',
      'Account ID',
    ]);
  });

  it('treats blank text like a missing field', () => {
    const rows = userRecordRows({ ...FULL_USER, name: '', address: '   ' });
    expect(rows.find((row) => row.label === 'First name')?.value).toBeNull();
    expect(rows.find((row) => row.label === 'Address')?.value).toBeNull();
  });

  it('marks machine text (the id and the IP) for a monospace font, and only those', () => {
    const code = userRecordRows(FULL_USER).filter((row) => row.code);
    expect(code.map((row) => row.label)).toEqual(['Created from IP', 'Account ID']);
  });

  it('never carries a token, even when a record with one is passed in', () => {
    const withToken = { ...FULL_USER, access_token: 'eyJhbGciOiJIUzI1NiJ9.secret.sig' } as User;
    expect(JSON.stringify(userRecordRows(withToken))).not.toContain('secret');
  });
});

describe('sessionRows', () => {
  const now = Date.parse('2025-06-15T12:00:00Z');
  const serviceUrl = 'https://proxies.example.com/api/';

  it('gives the service URL and the token’s expiry date with how long is left', () => {
    const expiresAt = '2025-07-15T12:00:00.000Z';
    expect(sessionRows({ serviceUrl, tokenExpiresAt: expiresAt }, now)).toEqual([
      { label: 'Service URL', value: serviceUrl, code: true },
      {
        label: 'Token expires',
        value: formatCalendarDate(expiresAt),
        full: expiresAt,
        note: 'expires in 30 days',
      },
    ]);
  });

  it('carries the expiry warning for a badge', () => {
    const soon = sessionRows(
      { serviceUrl, tokenExpiresAt: '2025-06-16T12:00:00Z', tokenExpiryWarning: 'soon' },
      now,
    )[1];
    expect(soon).toMatchObject({ warning: 'soon', note: 'expires in 1 day' });
    const expired = sessionRows(
      { serviceUrl, tokenExpiresAt: '2025-06-13T12:00:00Z', tokenExpiryWarning: 'expired' },
      now,
    )[1];
    expect(expired).toMatchObject({ warning: 'expired', note: 'expired 2 days ago' });
  });

  it('says "not given" when the token has no expiry, without a note', () => {
    expect(sessionRows({ serviceUrl }, now)[1]).toEqual({ label: 'Token expires', value: null });
  });

  it('shows an unreadable expiry as it came, without a contradicting note', () => {
    expect(sessionRows({ serviceUrl, tokenExpiresAt: 'soonish' }, now)[1]).toEqual({
      label: 'Token expires',
      value: 'soonish',
      full: 'soonish',
    });
  });
});
