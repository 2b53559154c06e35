import type {
  CommandChannel,
  CommandInput,
  CommandOutput,
} from '../../shared/command-line/command-contract';

/**
 * The app as the commands see it: the running app over its socket, or the same services built in
 * this process. Either way a call is one channel of the command contract, checked on both sides,
 * and a refusal is thrown as a CliFailure in the app's own words.
 */
export interface AppConnection {
  /** Who answers: the running app (or another `proxy-tray` serving the data), or this process. */
  readonly servedBy: 'owner' | 'this-process';
  call<Channel extends CommandChannel>(
    channel: Channel,
    ...input: undefined extends CommandInput<Channel>
      ? [input?: CommandInput<Channel>]
      : [input: CommandInput<Channel>]
  ): Promise<CommandOutput<Channel>>;
  /**
   * Until this process is asked to stop (Ctrl+C, SIGTERM): what a foreground `proxy-tray port`
   * does when it serves the port itself.
   */
  serveUntilStopped(): Promise<void>;
  close(): Promise<void>;
}
