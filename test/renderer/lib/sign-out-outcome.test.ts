import { describe, expect, it } from 'vitest';
import { accountName, signOutOutcome } from '../../../src/renderer/src/lib/sign-out-outcome';

const account = (id: string, displayName: string, active = false) => ({
  id,
  serviceUrl: 'https://proxy.example.com/',
  username: id,
  displayName,
  active,
});

describe('signOutOutcome', () => {
  it('names the account that will be shown next: the first one left', () => {
    const [ann, bob, cy] = [
      account('ann', 'Ann Lee'),
      account('bob', 'Bob', true),
      account('cy', ''),
    ];
    expect(signOutOutcome([ann, bob, cy], 'bob')).toEqual({
      question: 'Sign out of Bob (bob)? Its token is removed from this computer.',
      next: 'Ann Lee (ann) will be shown next.',
    });
    expect(signOutOutcome([bob, cy], 'bob')?.next).toBe('cy will be shown next.');
  });

  it('says the sign-in form comes next when the last account signs out', () => {
    expect(signOutOutcome([account('ann', 'Ann Lee', true)], 'ann')).toEqual({
      question: 'Sign out of Ann Lee (ann)? Its token is removed from this computer.',
      next: 'The sign-in form will be shown next.',
    });
  });

  it('keeps the active account shown when another one signs out', () => {
    const accounts = [account('ann', 'Ann Lee', true), account('bob', 'Bob')];
    expect(signOutOutcome(accounts, 'bob')?.next).toBe('Ann Lee (ann) stays shown.');
  });

  it('has nothing to ask about an account it does not know', () => {
    expect(signOutOutcome([account('ann', 'Ann Lee', true)], 'zed')).toBeUndefined();
  });
});

describe('accountName', () => {
  it('adds the username only when the display name differs from it', () => {
    expect(accountName({ displayName: ' Ann Lee ', username: 'ann' })).toBe('Ann Lee (ann)');
    expect(accountName({ displayName: 'ann', username: 'ann' })).toBe('ann');
    expect(accountName({ displayName: '  ', username: 'ann' })).toBe('ann');
  });
});
