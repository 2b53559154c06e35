import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VaultError } from '../../../src/main/session/token-vault';
import { withVaultDeadline } from '../../../src/main/session/vault-deadline';
import { rejectionOf } from '../api/reference-service-fixture';

describe('withVaultDeadline', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('rejects a promise that never settles once the deadline has passed, not before', async () => {
    let outcome: unknown = 'pending';
    const guarded = withVaultDeadline(new Promise<string>(() => undefined), 10_000).catch(
      (error: unknown) => (outcome = error),
    );

    await vi.advanceTimersByTimeAsync(9_999);
    expect(outcome).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await guarded;

    expect(outcome).toBeInstanceOf(VaultError);
    expect(outcome).toMatchObject({
      kind: 'timeout',
      message:
        'The keychain did not answer within 10 s: if it is asking for your password, answer it; otherwise restart your keychain service and try again.',
    });
  });

  it('passes an answer through and leaves no timer behind', async () => {
    const answer = withVaultDeadline(Promise.resolve('token'), 10_000);
    expect(await answer).toBe('token');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('passes a failure through unchanged and leaves no timer behind', async () => {
    const failure = new VaultError('denied', 'Access to the keychain was denied.');
    expect(await rejectionOf(withVaultDeadline(Promise.reject(failure), 10_000))).toBe(failure);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('ignores an answer that comes after the deadline', async () => {
    let answer!: (value: string) => void;
    const late = new Promise<string>((resolve) => (answer = resolve));
    const outcome = rejectionOf(withVaultDeadline(late, 1_500));
    await vi.advanceTimersByTimeAsync(1_500);
    answer('too late');
    expect(await outcome).toMatchObject({ kind: 'timeout', message: /within 1\.5 s/ });
  });
});
