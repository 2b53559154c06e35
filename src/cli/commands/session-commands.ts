import { textFlag, switchFlag } from '../args/parse-command-line';
import { CliFailure, usageFailure } from '../cli-failure';
import { EXIT } from '../exit-codes';
import { renderJson } from '../output/table';
import { terminalText } from '../output/terminal-text';
import { firstLineOf } from '../args/stdin-line';
import type { Command } from './command-context';

/**
 * `login`: the token from the first line of stdin (`--token-stdin`) or PROXY_TRAY_TOKEN, never from
 * an argument (every user of the computer can read those in the process list). Verified with the
 * service, then kept in the keychain, as the popup's sign-in does.
 */
export const loginCommand: Command = async (context) => {
  const { line, io, app } = context;
  const token = switchFlag(line, 'token-stdin')
    ? await firstLineOf(io.stdin)
    : io.env['PROXY_TRAY_TOKEN'];
  if (!token) {
    throw usageFailure(
      'Give the token on stdin with --token-stdin (pass show proxy-tray | proxy-tray login --token-stdin), or in PROXY_TRAY_TOKEN.',
    );
  }
  const session = await app.call('session:status');
  const serviceUrl =
    textFlag(line, 'service-url') ?? session.account?.serviceUrl ?? session.lastServiceUrl;
  if (!serviceUrl) throw usageFailure('Name the service with --service-url URL.');
  const signedIn = await app.call('session:sign-in', { serviceUrl, token }).catch((error) => {
    // The popup offers to keep the token for this session instead; a command's session ends with it.
    if (error instanceof CliFailure && error.kind === 'keychain') {
      throw new CliFailure(
        `${error.message.replace(/ Or keep it for this session only\.?$/, '')} Without a keychain, give the token to each command in PROXY_TRAY_TOKEN instead.`,
        EXIT.failed,
      );
    }
    throw error;
  });
  if (context.json) context.print(renderJson(signedIn));
  else
    context.note(
      `Signed in as ${terminalText(signedIn.account?.displayName ?? '')} at ${signedIn.account?.serviceUrl ?? serviceUrl}.`,
    );
  return EXIT.done;
};

/** `logout`: signs the active account (or `--account`'s) out and forgets its token. */
export const logoutCommand: Command = async (context) => {
  const accountId = textFlag(context.line, 'account');
  const session = await context.app.call('session:status');
  const leaving = accountId ?? session.account?.id;
  if (leaving === undefined) {
    context.note('No account is signed in.');
    return EXIT.done;
  }
  const after = await context.app.call('session:sign-out', { accountId: leaving });
  if (after.state === 'keychain-error')
    throw new CliFailure(after.message ?? 'The keychain failed.', EXIT.failed);
  if (context.json) context.print(renderJson(after));
  else context.note(`Signed out of ${leaving}.`);
  return EXIT.done;
};
