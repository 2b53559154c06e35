import { describe, expect, it } from 'vitest';
import { Member } from '../../../src/main/pool/pool-member';
import { pickMember, POOL_STRATEGIES } from '../../../src/main/pool/strategy';

function members(count: number): Member[] {
  return Array.from(
    { length: count },
    (_, index) =>
      new Member(
        index,
        { host: '127.0.0.1', port: 1000 + index, username: `u${index}`, password: 'p' },
        'http',
        null,
      ),
  );
}

const all = () => true;

it('offers the four strategies, round robin (the default) first', () => {
  expect(POOL_STRATEGIES).toEqual(['round-robin', 'random', 'fastest', 'sticky']);
});

describe('round robin', () => {
  it('takes each member in turn, and goes round', () => {
    const pool = members(3);
    const turn = { next: 0 };
    const picked = Array.from({ length: 7 }, () => pickMember('round-robin', pool, all, turn)?.id);
    expect(picked).toEqual([0, 1, 2, 0, 1, 2, 0]);
  });

  it('passes over members that do not fit, and the turn goes on after the one picked', () => {
    const pool = members(4);
    const turn = { next: 1 };
    const fits = (member: Member) => member.id !== 1 && member.id !== 2;
    expect(pickMember('round-robin', pool, fits, turn)?.id).toBe(3);
    expect(turn.next).toBe(4);
    expect(pickMember('round-robin', pool, fits, turn)?.id).toBe(0);
    expect(turn.next).toBe(1);
  });

  it('answers null when nothing fits, or there are no members, and leaves the turn alone', () => {
    const turn = { next: 2 };
    expect(pickMember('round-robin', members(3), () => false, turn)).toBeNull();
    expect(turn.next).toBe(2);
    expect(pickMember('round-robin', [], all, turn)).toBeNull();
  });
});

describe('random', () => {
  it('starts where the random number points and leaves the turn alone', () => {
    const pool = members(4);
    const turn = { next: 0 };
    expect(pickMember('random', pool, all, turn, () => 0.5)?.id).toBe(2);
    expect(pickMember('random', pool, all, turn, () => 0.99)?.id).toBe(3);
    expect(
      pickMember(
        'random',
        pool,
        (m) => m.id !== 3,
        turn,
        () => 0.99,
      )?.id,
    ).toBe(0);
    expect(turn.next).toBe(0);
  });
});

describe('fastest', () => {
  it("ranks by the check's latency first, then by the pool's own connect times", () => {
    const pool = members(4);
    const [, one, two, three] = pool as [Member, Member, Member, Member];
    one.latencyMs = 120;
    two.latencyMs = 80;
    three.connectedIn(10);
    // Member 3 was never checked: its connect time counts; 0 has no measure at all.
    expect(pickMember('fastest', pool, all, { next: 0 })?.id).toBe(3);
    expect(pickMember('fastest', pool, (m) => m.id !== 3, { next: 0 })?.id).toBe(2);
  });

  it('takes members never measured in turn', () => {
    const pool = members(3);
    const turn = { next: 0 };
    const picked = Array.from({ length: 4 }, () => pickMember('fastest', pool, all, turn)?.id);
    expect(picked).toEqual([0, 1, 2, 0]);
  });
});

describe('a member', () => {
  it('averages its connect times, the newest weighing 0.3', () => {
    const [member] = members(1) as [Member];
    member.connectedIn(100);
    expect(member.speedMs).toBe(100);
    member.connectedIn(200);
    expect(member.speedMs).toBeCloseTo(130);
  });

  it('leads to an entry only with the same address and login', () => {
    const [member] = members(1) as [Member];
    const entry = { host: '127.0.0.1', port: 1000, username: 'u0', password: 'p' };
    expect(member.leadsTo(entry)).toBe(true);
    expect(member.leadsTo({ ...entry, password: 'rotated' })).toBe(false);
    expect(member.leadsTo({ ...entry, port: 1001 })).toBe(false);
    expect(member.leadsTo({ ...entry, host: '127.0.0.2' })).toBe(false);
    expect(member.leadsTo({ ...entry, username: 'u1' })).toBe(false);
  });
});
