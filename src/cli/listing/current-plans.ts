import type { IpcError } from '../../shared/ipc/ipc-error';
import type { PlanView } from '../../shared/views/plans-view';
import { CliFailure, failureOfAnswer } from '../cli-failure';
import type { AppConnection } from '../connection/app-connection';
import { EXIT } from '../exit-codes';

export interface CurrentPlans {
  readonly plans: readonly PlanView[];
  /**
   * The plans are the last good ones kept on this computer (the refresh failed, the token was
   * refused): printed all the same, with why on stderr and the failure's exit code.
   */
  readonly stale?: CliFailure;
  /** What the listing left out because it could not be read, in the popup's words. */
  readonly notice?: string;
}

export const SIGN_IN_HINT = 'Sign in with: proxy-tray login --service-url URL --token-stdin';

/**
 * The active account's plans. The running app's are used as they are (it keeps them fresh); this
 * process, having just started, asks the service. With no plans at all the failure is thrown;
 * with older ones they are returned, marked stale, as the popup keeps showing the last good list.
 */
export async function currentPlans(app: AppConnection): Promise<CurrentPlans> {
  const session = await app.call('session:status');
  if (session.state === 'signed-out') {
    throw new CliFailure(`You are not signed in. ${SIGN_IN_HINT}`, EXIT.signIn);
  }
  if (session.state === 'keychain-error') {
    throw new CliFailure(session.message ?? 'The keychain could not be read.', EXIT.failed);
  }
  let snapshot = await app.call('plans:list');
  let error: IpcError | null = snapshot.error;
  if (app.servedBy === 'this-process' || snapshot.plans === null) {
    error = (await app.call('plans:refresh')).error;
    snapshot = await app.call('plans:list');
  }
  if (snapshot.plans === null) {
    if (error) throw failureOfAnswer(error);
    throw new CliFailure('The plans could not be loaded.', EXIT.failed);
  }
  return {
    plans: snapshot.plans,
    ...(error ? { stale: staleFailure(error, snapshot.updatedAt) } : {}),
    ...(snapshot.notice ? { notice: snapshot.notice.message } : {}),
  };
}

function staleFailure(error: IpcError, updatedAt: string | null): CliFailure {
  const when = updatedAt ? ` (as of ${updatedAt})` : '';
  const failure = failureOfAnswer(error);
  const hint = failure.exitCode === EXIT.signIn ? ` ${SIGN_IN_HINT}` : '';
  return new CliFailure(
    `These are the plans kept on this computer${when}: ${error.message}${hint}`,
    failure.exitCode,
  );
}
