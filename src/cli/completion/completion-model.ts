import { COMMANDS, GLOBAL_FLAGS } from '../commands/command-table';
import type { CommandSpec, FlagSpec, ValueKind } from '../commands/command-table';

/**
 * The command table seen the way a completion script needs it: the words a flag is typed as, and
 * what is completed at each place a value goes. Every script is generated from this, never from
 * lists of its own.
 */

/** The words a flag is typed as: `--output`, `-o`. */
export function flagWords(flag: FlagSpec): string[] {
  return flag.short === undefined ? [`--${flag.name}`] : [`--${flag.name}`, `-${flag.short}`];
}

/** The flags a command takes: its own, then the global ones. */
export function flagsOf(command: CommandSpec): FlagSpec[] {
  return [...command.flags, ...GLOBAL_FLAGS];
}

/** A place an argument goes: its position among the command's arguments, and what it is. */
export interface ArgumentSlot {
  readonly position: number;
  readonly value: ValueKind;
  /** The last argument takes every remaining word: this slot stands for all the positions from here on. */
  readonly andAfter: boolean;
}

export function argumentSlots(command: CommandSpec): ArgumentSlot[] {
  return command.arguments.map((argument, position) => ({
    position,
    value: argument.value,
    andAfter: argument.many === true,
  }));
}

/** The flags that take a value, with the command they belong to (undefined: every command's). */
export interface ValueFlag {
  readonly command: CommandSpec | undefined;
  readonly flag: FlagSpec & { readonly value: NonNullable<FlagSpec['value']> };
}

export function valueFlags(): ValueFlag[] {
  const entries: { command: CommandSpec | undefined; flag: FlagSpec }[] = [
    ...COMMANDS.flatMap((command) => command.flags.map((flag) => ({ command, flag }))),
    ...GLOBAL_FLAGS.map((flag) => ({ command: undefined, flag })),
  ];
  return entries.filter((entry): entry is ValueFlag => entry.flag.value !== undefined);
}
