import type { SessionView } from '../../../shared/views/session-view';

type AccountListing = SessionView['accounts'][number];

/** What the sign-out confirmation says: whose sign-out, and what the popup shows after it. */
export interface SignOutOutcome {
  question: string;
  next: string;
}

/**
 * Signing out of the active account moves to the first one left, as the main process does, or
 * to the sign-in form when none is left: the user is told before, not surprised after.
 */
export function signOutOutcome(
  accounts: readonly AccountListing[],
  accountId: string,
): SignOutOutcome | undefined {
  const target = accounts.find((account) => account.id === accountId);
  if (!target) return undefined;
  const question = `Sign out of ${accountName(target)}? Its token is removed from this computer.`;
  if (!target.active) {
    const active = accounts.find((account) => account.active);
    return { question, next: active ? `${accountName(active)} stays shown.` : '' };
  }
  const next = accounts.find((account) => account.id !== accountId);
  return {
    question,
    next: next
      ? `${accountName(next)} will be shown next.`
      : 'The sign-in form will be shown next.',
  };
}

/** The display name, with the username when it says something more (two "Jane Doe"s). */
export function accountName(account: Pick<AccountListing, 'displayName' | 'username'>): string {
  const display = account.displayName.trim();
  return display && display !== account.username
    ? `${display} (${account.username})`
    : account.username;
}
