import type { SessionView } from '../../shared/views/session-view';
import { UserFacingError } from '../errors/user-facing-error';
import type { SessionResult } from '../session/session-status';
import type { AppServices, UseCasesOf } from './use-case-types';
import { sessionViewOf } from './views';

/** Signing in and out, switching accounts, and the active account's details. */
export function sessionCases({ session }: AppServices): UseCasesOf<'session' | 'account'> {
  const afterSessionChange = async (result: Promise<SessionResult>): Promise<SessionView> => {
    const outcome = await result;
    if (!outcome.ok) {
      const { error } = outcome;
      throw error.kind === 'keychain'
        ? new UserFacingError('keychain', error.message, true)
        : new UserFacingError(error.kind, error.message);
    }
    return sessionViewOf(session);
  };
  return {
    'session:status': async () => sessionViewOf(session),
    'session:sign-in': (input) => afterSessionChange(session.signIn(input)),
    'session:sign-out': (input) => afterSessionChange(session.signOut(input.accountId)),
    'session:switch-account': (input) => afterSessionChange(session.switchAccount(input.accountId)),
    'account:get': () => {
      const client = session.client();
      if (!client) throw new UserFacingError('signed_out', 'Sign in to see your account.');
      return client.getAccount();
    },
  };
}
