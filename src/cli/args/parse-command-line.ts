import { parseArgs, type ParseArgsConfig } from 'node:util';
import { usageFailure } from '../cli-failure';
import {
  COMMANDS,
  GLOBAL_FLAGS,
  commandNamed,
  type CommandSpec,
  type FlagSpec,
} from '../commands/command-table';

/** What was typed, checked against the command table: the command, its arguments, its flags. */
export interface CommandLine {
  /** undefined: no command (`proxy-tray`, `proxy-tray --version`). */
  readonly command: CommandSpec | undefined;
  readonly positionals: readonly string[];
  /** Each flag given, by name: a string for flags with a value, true for switches. */
  readonly flags: Readonly<Record<string, string | boolean | undefined>>;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** Every flag of every command: util.parseArgs reads the line once, then each is checked. */
const ALL_FLAGS: readonly FlagSpec[] = [...GLOBAL_FLAGS, ...COMMANDS.flatMap((c) => c.flags)];

function optionsOf(flags: readonly FlagSpec[]): Options {
  const options: Options = {};
  for (const flag of flags) {
    options[flag.name] = {
      type: flag.value ? 'string' : 'boolean',
      ...(flag.short ? { short: flag.short } : {}),
    };
  }
  return options;
}

const OPTIONS = optionsOf(ALL_FLAGS);

/**
 * Reads argv with Node's own parser (strict: an unknown flag, a missing value, a value given to
 * a switch are usage errors), then holds each flag to its command: `proxies --kind csv` is refused
 * by name rather than ignored. `--` ends the flags (a label starting with "-").
 */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  let parsed: ReturnType<typeof parseArgs<{ options: Options; allowPositionals: true }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, allowPositionals: true, strict: true });
  } catch (error) {
    throw usageFailure(plainParseError(error));
  }
  const [name, ...positionals] = parsed.positionals;
  // Stryker disable next-line ConditionalExpression: no command is named undefined, so looking it up finds none as well
  const command = name === undefined ? undefined : commandNamed(name);
  if (name !== undefined && command === undefined) {
    throw usageFailure(`"${name}" is not a command. See: proxy-tray --help`);
  }
  // Stryker disable next-line ArrayDeclaration: an entry that is no flag adds no flag name a user could type
  const allowed = new Set([...GLOBAL_FLAGS, ...(command?.flags ?? [])].map((flag) => flag.name));
  for (const flag of Object.keys(parsed.values)) {
    if (!allowed.has(flag)) {
      throw usageFailure(
        command
          ? `--${flag} is not an option of "${command.name}". See: proxy-tray ${command.name} --help`
          : `--${flag} needs a command. See: proxy-tray --help`,
      );
    }
  }
  // No flag is `multiple`: each value is one string or true (a repeated flag: the last wins).
  return { command, positionals, flags: parsed.values as CommandLine['flags'] };
}

/** Node's messages name its own error codes; the user gets the sentence without them. */
function plainParseError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // Stryker disable next-line Regex: with the s flag, `.*` reaches the end of the message with or without `$`
  return message.replace(/\. To specify a positional argument starting with a '-'.*$/s, '.');
}

/** The positional arguments a command takes, checked for count: a usage error says which is missing. */
export function positionalsOf(line: CommandLine): readonly string[] {
  const spec = line.command;
  if (spec === undefined) return line.positionals;
  const required = spec.arguments.filter((argument) => !argument.optional);
  const takesMany = spec.arguments.some((argument) => argument.many);
  const usage = `Usage: proxy-tray ${usageOf(spec)}`;
  if (line.positionals.length < required.length) {
    const missing = required[line.positionals.length];
    // Stryker disable next-line OptionalChaining,StringLiteral: fewer arguments than required, so the first missing one always exists
    throw usageFailure(`${missing?.name ?? 'An argument'} is missing. ${usage}`);
  }
  if (!takesMany && line.positionals.length > spec.arguments.length) {
    const extra = line.positionals[spec.arguments.length];
    throw usageFailure(`"${extra}" is one argument too many. ${usage}`);
  }
  return line.positionals;
}

/** `get PROXY [--field FIELD] [--format FORMAT] [--host entry|ipv4|ipv6]` */
export function usageOf(spec: CommandSpec): string {
  const argumentsText = spec.arguments.map((argument) => {
    const name = argument.many ? `${argument.name}...` : argument.name;
    return argument.optional ? `[${name}]` : name;
  });
  const flagsText = spec.flags.map((flag) =>
    flag.value ? `[--${flag.name} ${flag.value.placeholder}]` : `[--${flag.name}]`,
  );
  return [spec.name, ...argumentsText, ...flagsText].join(' ');
}

/** A flag's value as a string, or undefined when absent. */
export function textFlag(line: CommandLine, name: string): string | undefined {
  const value = line.flags[name];
  return typeof value === 'string' ? value : undefined;
}

export function switchFlag(line: CommandLine, name: string): boolean {
  return line.flags[name] === true;
}
