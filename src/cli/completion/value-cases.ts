import { COMMANDS } from '../commands/command-table';
import type { ValueKind } from '../commands/command-table';
import { argumentSlots, flagWords, valueFlags } from './completion-model';
import type { ValueFlag } from './completion-model';
import { posixQuoted } from './shell-quoting';

/**
 * The `case` branches bash and zsh share: both scripts look a value up by a key, "COMMAND --flag"
 * for a flag's value and "COMMAND #N" for the command's argument N; only the actions differ.
 */

/** The patterns of a flag's key: every word of the flag, for its command or (global) any. */
export function flagKeyPatterns(entry: ValueFlag): string {
  return flagWords(entry.flag)
    .map((word) =>
      entry.command === undefined
        ? `*${posixQuoted(` ${word}`)}`
        : posixQuoted(`${entry.command.name} ${word}`),
    )
    .join('|');
}

/** One `pattern) action ;;` line per flag value and per argument, in an order where the first match is right. */
export function valueCaseLines(action: (value: ValueKind) => string, indent: string): string {
  const flagLines = valueFlags().map(
    (entry) => `${indent}${flagKeyPatterns(entry)}) ${action(entry.flag.value)} ;;`,
  );
  const argumentLines = COMMANDS.flatMap((command) =>
    argumentSlots(command).map((slot) => {
      // A last argument that takes every remaining word matches its position and all after it.
      const key = slot.andAfter
        ? `${posixQuoted(`${command.name} #`)}*`
        : posixQuoted(`${command.name} #${String(slot.position)}`);
      return `${indent}${key}) ${action(slot.value)} ;;`;
    }),
  );
  return [...flagLines, ...argumentLines].join('\n');
}

/** The one `case` line that answers whether a flag takes a value (then the next word is that value). */
export function takesValueCaseLine(indent: string): string {
  return `${indent}${valueFlags().map(flagKeyPatterns).join('|')}) return 0 ;;`;
}
