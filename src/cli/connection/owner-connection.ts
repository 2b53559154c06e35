import type { OwnerConnection } from '../../main/command-line/command-client';
import { CliFailure, failureOfAnswer } from '../cli-failure';
import { EXIT } from '../exit-codes';
import type { AppConnection } from './app-connection';
import { outputSchemaFromOwner } from './owner-output';

/** Said when the running app's command-line access is off, with how to turn it on. */
export const ACCESS_OFF =
  'Proxy Tray is running, and its command-line access is off. Turn it on in Proxy Tray: Settings → Command-line access (any program you run can then use your proxies), or quit Proxy Tray to use proxy-tray on its own.';

/**
 * The app (or a `proxy-tray` serving the data) over its socket: each answer is checked against the
 * command contract again here, as the popup's preload trusts nothing it is sent either.
 */
export function ownerConnection(owner: OwnerConnection): AppConnection {
  return {
    servedBy: 'owner',
    async call(channel, ...[input]) {
      let answer;
      try {
        answer = await owner.call(channel, input);
      } catch (error) {
        throw new CliFailure(error instanceof Error ? error.message : String(error), EXIT.failed);
      }
      if ('refused' in answer) throw new CliFailure(ACCESS_OFF, EXIT.failed);
      if (!answer.result.ok) throw failureOfAnswer(answer.result.error);
      const output = outputSchemaFromOwner(channel).safeParse(answer.result.value);
      if (!output.success) {
        throw new CliFailure(`Proxy Tray's answer to ${channel} could not be read.`, EXIT.failed);
      }
      return output.data as never;
    },
    // The owner holds what was opened: this command has nothing to serve.
    serveUntilStopped: async () => {},
    close: async () => owner.close(),
  };
}
