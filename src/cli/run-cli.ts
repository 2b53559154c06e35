import packageJson from '../../package.json' with { type: 'json' };
import { parseCommandLine, textFlag, type CommandLine } from './args/parse-command-line';
import { CliFailure } from './cli-failure';
import type { CliIo } from './cli-io';
import { COMPLETION_SHELLS, completionScript } from './completion/completion-script';
import type { Command } from './commands/command-context';
import type { CommandSpec } from './commands/command-table';
import type { AppConnection } from './connection/app-connection';
import { EXIT, type ExitCode } from './exit-codes';
import { commandHelp, overviewHelp } from './help-text';
import { styleOf } from './output/style';
import { terminalMessage } from './output/terminal-text';
import { isSingleExecutable } from './connection/installed-keytar';
import { powerShellRegistry, systemPowerShell } from './user-path/registry-path';
import { USER_PATH_COMMAND, userPathCommand } from './user-path/user-path-command';

/**
 * The commands that talk to the app, loaded only when one runs: `--version`, `--help` and
 * `completion` answer without loading the app's services (zod, axios, the stores), which is what
 * keeps them within a few times the start of Node itself.
 */
const commandsOnTheApp = () => import('./commands/commands-on-the-app');

/** Connects to the app: the running one, or its services built in this process. */
export type OpenApp = (command: CommandSpec | 'complete') => Promise<AppConnection>;

/**
 * One run of `proxy-tray`: reads the command line, answers on stdout, says what went wrong on
 * stderr in the app's words, and returns the exit code (exit-codes.ts). Never throws.
 */
export async function runCli(
  argv: readonly string[],
  io: CliIo,
  openApp: OpenApp,
): Promise<ExitCode> {
  try {
    if (argv[0] === '__complete') {
      if (argv[1] !== 'proxies') return EXIT.usage;
      const { completeProxies } = await commandsOnTheApp();
      return await onTheApp(openApp, 'complete', undefined, io, completeProxies);
    }
    if (argv[0] === USER_PATH_COMMAND) return await editUserPath(argv[1], io);
    const line = parseCommandLine(argv);
    const { command } = line;
    if (line.flags['version'] === true) {
      io.stdout.write(`${packageJson.version}\n`);
      return EXIT.done;
    }
    if (command === undefined || line.flags['help'] === true) {
      io.stdout.write(command === undefined ? overviewHelp() : commandHelp(command));
      return command === undefined && line.flags['help'] !== true ? EXIT.usage : EXIT.done;
    }
    if (command.name === 'completion') return printCompletion(line, io);
    const run = (await commandsOnTheApp()).COMMANDS_ON_THE_APP[command.name];
    if (!run) throw new CliFailure(`"${command.name}" has no implementation.`, EXIT.failed);
    return await onTheApp(openApp, command, line, io, run);
  } catch (error) {
    return reportFailure(error, io);
  }
}

async function onTheApp(
  openApp: OpenApp,
  command: CommandSpec | 'complete',
  line: CommandLine | undefined,
  io: CliIo,
  run: Command,
): Promise<ExitCode> {
  const app = await openApp(command);
  try {
    const { CommandContext } = await commandsOnTheApp();
    const context = new CommandContext(
      line ?? { command: undefined, positionals: [], flags: {} },
      io,
      app,
    );
    const accountId = line ? textFlag(line, 'account') : undefined;
    if (accountId !== undefined && command !== 'complete' && command.name !== 'logout') {
      await useAccount(app, accountId);
    }
    return await run(context);
  } finally {
    await app.close();
  }
}

/**
 * `--account ID`: that account becomes the active one, as in the popup's account menu (the app
 * acts on one account at a time; the popup, if open, follows).
 */
async function useAccount(app: AppConnection, accountId: string): Promise<void> {
  const session = await app.call('session:status');
  if (session.account?.id === accountId) return;
  if (!session.accounts.some((account) => account.id === accountId)) {
    const known = session.accounts.map((account) => account.id).join(', ') || 'none';
    throw new CliFailure(
      `No account "${accountId}" is signed in here (signed in: ${known}).`,
      EXIT.signIn,
    );
  }
  await app.call('session:switch-account', { accountId });
}

function editUserPath(action: string | undefined, io: CliIo): Promise<ExitCode> {
  return userPathCommand(action, io, {
    platform: process.platform,
    executable: process.execPath,
    installed: isSingleExecutable(),
    registry: powerShellRegistry(systemPowerShell(io.env)),
  });
}

function printCompletion(line: CommandLine, io: CliIo): ExitCode {
  const shell = line.positionals[0];
  const known = COMPLETION_SHELLS.find((candidate) => candidate === shell);
  if (!known) {
    throw new CliFailure(
      `completion takes ${COMPLETION_SHELLS.join(', ')}; "${shell ?? ''}" is none of them.`,
      EXIT.usage,
    );
  }
  io.stdout.write(completionScript(known));
  return EXIT.done;
}

function reportFailure(error: unknown, io: CliIo): ExitCode {
  const style = styleOf(io, 'stderr');
  if (error instanceof CliFailure) {
    io.stderr.write(`${style.red('proxy-tray:')} ${terminalMessage(error.message)}\n`);
    return error.exitCode;
  }
  // A bug of ours: its message only (a stack would print paths and values of the app's memory).
  const message = error instanceof Error ? error.message : String(error);
  io.stderr.write(
    `${style.red('proxy-tray:')} something went wrong inside the command line: ${terminalMessage(message)}\n`,
  );
  return EXIT.failed;
}
