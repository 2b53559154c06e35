import { describe, expect, it } from 'vitest';
import { UnreadableAnswer } from '../../../../src/main/api/decoding/unreadable-answer';
import { decodeUser } from '../../../../src/main/api/decoding/user-decoder';
import { userSchema } from '../../../../src/shared/api';

const TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl';

/** An account record exactly as the spec writes it (2.1). */
const specUser = {
  uuid: '3f1c2a9e-5b7d-4c1e-9a2b-8d6e4f0a1b2c',
  username: 'demo',
  creation_date: '2024-03-04T05:06:07Z',
  creation_ip: '198.51.100.23',
  name: 'Ada',
  surname: 'Lovelace',
  address: '12 Example Street, Springfield',
  access_token: TOKEN,
};

describe('decodeUser', () => {
  it('decodes a spec record to its values, without the access token', () => {
    const user = decodeUser(specUser);
    const { access_token: _token, ...shown } = specUser;
    expect(user).toEqual(shown);
    expect(userSchema.parse(user)).toEqual(user);
    expect(JSON.stringify(user)).not.toContain(TOKEN);
  });

  it('keeps only the username of a record that sends nothing else', () => {
    expect(decodeUser({ username: 'demo' })).toEqual({
      username: 'demo',
      uuid: null,
      creation_date: null,
      creation_ip: null,
      name: null,
      surname: null,
      address: null,
    });
  });

  it.each([
    ['no username', { uuid: 'x' }, 'username: Expected a user name'],
    ['an empty username', { username: '' }, 'username: Expected a user name'],
    ['a null username', { username: null }, 'username: Expected a user name'],
    ['a numeric username', { username: 42 }, 'username: Expected a user name'],
    ['an array', [specUser], 'it is not an account record'],
    ['a string', 'demo', 'it is not an account record'],
    ['null', null, 'it is not an account record'],
    ['a number', 1, 'it is not an account record'],
  ])('throws UnreadableAnswer for %s, saying why in words', (_what, json, why) => {
    expect(() => decodeUser(json)).toThrow(UnreadableAnswer);
    // The clause the user reads inside "its account answer could not be read (…)".
    expect(() => decodeUser(json)).toThrow(new UnreadableAnswer(why));
  });

  it.each([
    // [field, sent, held]
    ['uuid', '  abc-123  ', 'abc-123'],
    ['uuid', 'a1b2c3d4e5f6', 'a1b2c3d4e5f6'],
    ['uuid', 1234, '1234'],
    ['uuid', '', null],
    ['uuid', '   ', null],
    ['uuid', null, null],
    ['uuid', true, null],
    ['uuid', { id: 1 }, null],
    ['creation_date', '2024-03-04 05:06:07', '2024-03-04T05:06:07Z'],
    ['creation_date', '2024-03-04T07:06:07+0200', '2024-03-04T05:06:07Z'],
    ['creation_date', '2024-03-04', '2024-03-04T00:00:00Z'],
    ['creation_date', 'March 4th, 2024', 'March 4th, 2024'],
    ['creation_date', '2024-02-30', '2024-02-30'],
    ['creation_date', 1_709_528_767, null],
    ['creation_date', '', null],
    ['creation_ip', '2001:db8::23', '2001:db8::23'],
    ['creation_ip', 3_325_256_727, null],
    ['name', '', null],
    ['name', ['Ada'], null],
    ['surname', 0, null],
    ['address', 'Line 1\nLine 2', 'Line 1\nLine 2'],
    ['address', { street: 'x' }, null],
  ])('reads %s %j as %j', (field, sent, expected) => {
    const user = decodeUser({ ...specUser, [field]: sent });
    expect(user[field as keyof typeof user]).toEqual(expected);
    expect(userSchema.safeParse(user).success).toBe(true);
  });

  it('drops unknown fields and the access token wherever it is spelled', () => {
    const user = decodeUser({ ...specUser, role: 'admin', accessToken: TOKEN });
    expect(Object.keys(user).sort()).toEqual(
      ['address', 'creation_date', 'creation_ip', 'name', 'surname', 'username', 'uuid'].sort(),
    );
    expect(JSON.stringify(user)).not.toContain(TOKEN);
  });
});
