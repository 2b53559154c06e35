import type { IpcError } from '../shared/ipc/ipc-error';
import { EXIT, type ExitCode } from './exit-codes';

/** Ends the command: `message` on stderr (in the popup's words), `exitCode` for the script. */
export class CliFailure extends Error {
  constructor(
    message: string,
    readonly exitCode: ExitCode,
    /** Not taken by the service but kept on this computer (a label): news, not a failure. */
    readonly keptLocally = false,
    /** The app's kind of error, where the app answered with one. */
    readonly kind?: IpcError['kind'],
  ) {
    super(message);
    this.name = 'CliFailure';
  }
}

export function usageFailure(message: string): CliFailure {
  return new CliFailure(message, EXIT.usage);
}

/** What the app answered with, as the command's failure: a sign-in problem is exit code 4. */
export function failureOfAnswer(error: IpcError): CliFailure {
  return new CliFailure(error.message, exitCodeOf(error), error.keptLocally === true, error.kind);
}

export function exitCodeOf(error: Pick<IpcError, 'kind'>): ExitCode {
  switch (error.kind) {
    case 'auth':
    case 'signed_out':
      return EXIT.signIn;
    // The command line checks what it sends: what the contract still refuses is a value typed
    // out of bounds (a label too long).
    case 'invalid_request':
      return EXIT.usage;
    default:
      return EXIT.failed;
  }
}
