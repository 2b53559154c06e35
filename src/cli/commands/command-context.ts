import type { CommandLine } from '../args/parse-command-line';
import type { CliFailure } from '../cli-failure';
import type { CliIo } from '../cli-io';
import type { AppConnection } from '../connection/app-connection';
import type { ExitCode } from '../exit-codes';
import { currentPlans, type CurrentPlans } from '../listing/current-plans';
import { terminalMessage } from '../output/terminal-text';

/** What a command works with: what was typed, the streams, and the app. */
export class CommandContext {
  #stale: CliFailure | undefined;

  constructor(
    readonly line: CommandLine,
    readonly io: CliIo,
    readonly app: AppConnection,
  ) {}

  /** `--json`: the answer as JSON, whatever reads it. */
  get json(): boolean {
    return this.line.flags['json'] === true;
  }

  /** The answer, on stdout. */
  print(text: string): void {
    this.io.stdout.write(text);
  }

  /** A word for the person, on stderr: never mixed into what a script reads. */
  note(text: string): void {
    this.io.stderr.write(`${terminalMessage(text)}\n`);
  }

  /**
   * The active account's plans. Old plans kept on this computer are returned too; the command then
   * ends with the failure that kept them old (said on stderr after the answer, see `ended`).
   */
  async plans(): Promise<CurrentPlans['plans']> {
    const current = await currentPlans(this.app);
    if (current.notice) this.note(current.notice);
    this.#stale = current.stale;
    return current.plans;
  }

  /** How the command ends once its answer is printed: done, or the reason its plans are old. */
  ended(exitCode: ExitCode): ExitCode {
    if (this.#stale && exitCode === 0) {
      this.note(this.#stale.message);
      return this.#stale.exitCode;
    }
    return exitCode;
  }
}

export type Command = (context: CommandContext) => Promise<ExitCode>;
