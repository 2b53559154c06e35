import { COMMANDS, GLOBAL_FLAGS, type CommandSpec, type FlagSpec } from './commands/command-table';
import { usageOf } from './args/parse-command-line';
import { COMPLETION_INSTALL } from './completion/completion-install';

function flagLine(flag: FlagSpec): string {
  const name = `${flag.short ? `-${flag.short}, ` : '    '}--${flag.name}${flag.value ? ` ${flag.value.placeholder}` : ''}`;
  return `  ${name.padEnd(30)} ${flag.summary}`;
}

/** `proxy-tray --help`: every command, the global flags, the exit codes, the environment. */
export function overviewHelp(): string {
  const width = Math.max(...COMMANDS.map((command) => command.name.length));
  return [
    'proxy-tray: your proxy plans from the command line, through Proxy Tray when it runs.',
    '',
    'Usage: proxy-tray COMMAND [ARGUMENTS] [FLAGS]',
    '',
    'Commands:',
    ...COMMANDS.map((command) => `  ${command.name.padEnd(width)}  ${command.summary}`),
    '',
    'Flags of every command:',
    ...GLOBAL_FLAGS.map(flagLine),
    '',
    'PROXY is an id, a label, host:port or username@host:port. More: proxy-tray COMMAND --help',
    '',
    'Exit codes: 0 done, 1 failed, 2 usage, 4 sign in needed, 130 stopped (Ctrl+C).',
    'Environment: PROXY_TRAY_TOKEN (a token for this command, without the keychain),',
    '  PROXY_TRAY_SERVICE_URL (its service), PROXY_TRAY_DATA_DIR (another data folder), NO_COLOR.',
    '',
    'Shell completion:',
    ...COMPLETION_INSTALL.split('\n').map((line) => `  ${line}`),
    '',
  ].join('\n');
}

/** `proxy-tray COMMAND --help` */
export function commandHelp(command: CommandSpec): string {
  return [
    `Usage: proxy-tray ${usageOf(command)}`,
    '',
    `${command.summary[0]?.toUpperCase() ?? ''}${command.summary.slice(1)}.`,
    '',
    ...(command.flags.length > 0 ? ['Flags:', ...command.flags.map(flagLine), ''] : []),
    'Flags of every command:',
    ...GLOBAL_FLAGS.map(flagLine),
    '',
  ].join('\n');
}
