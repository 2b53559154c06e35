import { describe, expect, it } from 'vitest';
import { Member } from '../../../src/main/pool/pool-member';
import { Sessions, sessionOf } from '../../../src/main/pool/sessions';

const member = (id: number) =>
  new Member(id, { host: '127.0.0.1', port: 1, username: 'u', password: 'p' }, 'http', null);

describe('the session a login names', () => {
  it.each([
    ['session-abc', 'abc'],
    ['Session-3f2a-9b1c', '3f2a-9b1c'],
    ['user-country-us-session-ab12-lifetime-10', 'ab12'],
    ['customer_session-xyz_zone', 'xyz'],
    ['session-', null],
    ['sessions', null],
    ['mysession-1', null],
    ['anything', null],
    [null, null],
  ])('%j → %j', (username, expected) => expect(sessionOf(username)).toBe(expected));
});

describe('sessions', () => {
  it('keep their upstream until idle for the idle time with no connection open', () => {
    const sessions = new Sessions(1_000);
    const a = member(1);
    sessions.hold('s', a, 0);
    expect(sessions.memberOf('s', 999)).toBe(a);
    expect(sessions.memberOf('s', 1_000)).toBeNull();
    // Forgotten: a later lookup does not bring it back.
    expect(sessions.memberOf('s', 10)).toBeNull();
  });

  it('are not idle while a connection is open, and idle from when the last one closed', () => {
    let now = 0;
    const sessions = new Sessions(1_000);
    const a = member(1);
    sessions.hold('s', a, now);
    const closed = sessions.connectionOpened('s', () => now);
    now = 5_000;
    expect(sessions.memberOf('s', now)).toBe(a);
    closed();
    expect(sessions.memberOf('s', 5_999)).toBe(a);
    expect(sessions.memberOf('s', 6_000)).toBeNull();
  });

  it('keep counting their open connections when moved to another upstream', () => {
    const sessions = new Sessions(1_000);
    const [a, b] = [member(1), member(2)];
    sessions.hold('s', a, 0);
    sessions.connectionOpened('s', () => 0);
    sessions.hold('s', b, 0);
    expect(sessions.memberOf('s', 5_000)).toBe(b);
  });

  it('move to another upstream when held again', () => {
    const sessions = new Sessions(1_000);
    const [a, b] = [member(1), member(2)];
    sessions.hold('s', a, 0);
    sessions.hold('s', b, 500);
    expect(sessions.memberOf('s', 1_400)).toBe(b);
  });

  it('count per member, idle ones left out, and sweep forgets the idle ones', () => {
    const sessions = new Sessions(1_000);
    const [a, b] = [member(1), member(2)];
    sessions.hold('1', a, 0);
    sessions.hold('2', a, 600);
    sessions.hold('3', b, 600);
    const counts = sessions.countByMember(1_200);
    expect(counts.get(a)).toBe(1);
    expect(counts.get(b)).toBe(1);
    sessions.sweep(1_200);
    sessions.hold('2', b, 1_200);
    expect(sessions.memberOf('1', 0)).toBeNull();
    expect(sessions.countByMember(1_200).get(b)).toBe(2);
  });

  it('a connection of an unknown session changes nothing', () => {
    const sessions = new Sessions(1_000);
    sessions.connectionOpened('nobody', () => 0)();
    expect(sessions.countByMember(0).size).toBe(0);
  });
});
