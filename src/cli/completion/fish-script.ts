import { COMMANDS, GLOBAL_FLAGS } from '../commands/command-table';
import type { CommandSpec, FlagSpec, ValueKind } from '../commands/command-table';
import { argumentSlots, flagWords, valueFlags } from './completion-model';
import { PROXY_CANDIDATES_COMMAND } from './proxy-candidates';
import { fishQuoted } from './shell-quoting';

/**
 * The fish script: one `complete` line per command, flag and argument. Files are offered only
 * where the table says `file` (`complete -f` turns fish's default file completion off).
 */
export function fishScript(): string {
  return `# fish completion for proxy-tray, generated from its command table.
# Install: proxy-tray completion fish > ~/.config/fish/completions/proxy-tray.fish

complete -c proxy-tray -f

# Offers nothing when the command fails (signed out, no app): the prompt must stay clean.
function __proxy_tray_proxies
    set -l proxies (command ${PROXY_CANDIDATES_COMMAND} 2>/dev/null); or return 0
    printf '%s\\n' $proxies
end

function __proxy_tray_takes_value
    switch "$argv[1] $argv[2]"
${valueFlags()
  .map(
    (entry) => `        case ${fishFlagPatterns(entry.command, entry.flag)}\n            return 0`,
  )
  .join('\n')}
    end
    return 1
end

# Prints "COMMAND N" when the cursor is on the command's argument N, "COMMAND -" on a flag's value.
function __proxy_tray_place
    set -l command ''
    set -l position 0
    set -l skip_value 0
    for word in (commandline -opc)[2..-1]
        if test $skip_value = 1
            set skip_value 0
        else if string match -q -- '-*' $word
            __proxy_tray_takes_value "$command" $word; and set skip_value 1
        else if test -z "$command"
            set command $word
        else
            set position (math $position + 1)
        end
    end
    test $skip_value = 1; and set position -
    echo "$command $position"
end

function __proxy_tray_needs_command
    test (__proxy_tray_place) = ' 0'
end

function __proxy_tray_using
    test (string split -f1 ' ' -- (__proxy_tray_place)) = $argv[1]
end

# $argv: a command, an argument's position, and "and-after" for a last argument taking every word.
function __proxy_tray_at
    set -l place (string split ' ' -- (__proxy_tray_place))
    test "$place[1]" = $argv[1]; or return 1
    test "$place[2]" = $argv[2]; and return 0
    test "$argv[3]" = and-after; and string match -qr '^[0-9]+$' -- $place[2]; and test $place[2] -gt $argv[2]
end

${COMMANDS.map(
  (command) =>
    `complete -c proxy-tray -n __proxy_tray_needs_command -a ${fishQuoted(command.name)} -d ${fishQuoted(command.summary)}`,
).join('\n')}

${GLOBAL_FLAGS.map((flag) => fishFlagLine(undefined, flag)).join('\n')}
${COMMANDS.flatMap((command) => command.flags.map((flag) => fishFlagLine(command, flag))).join('\n')}

${COMMANDS.flatMap((command) =>
  argumentSlots(command)
    .filter((slot) => slot.value.kind !== 'text')
    .map((slot) => {
      const at = `__proxy_tray_at ${command.name} ${String(slot.position)}${slot.andAfter ? ' and-after' : ''}`;
      return `complete -c proxy-tray -n ${fishQuoted(at)} ${fishValue(slot.value)}`;
    }),
).join('\n')}
`;
}

function fishFlagPatterns(command: CommandSpec | undefined, flag: FlagSpec): string {
  return flagWords(flag)
    .map((word) => fishQuoted(`${command?.name ?? '*'} ${word}`))
    .join(' ');
}

function fishFlagLine(command: CommandSpec | undefined, flag: FlagSpec): string {
  const condition =
    command === undefined ? '' : ` -n ${fishQuoted(`__proxy_tray_using ${command.name}`)}`;
  const short = flag.short === undefined ? '' : ` -s ${fishQuoted(flag.short)}`;
  const value = flag.value === undefined ? '' : ` ${fishValue(flag.value)}`;
  return `complete -c proxy-tray${condition}${short} -l ${fishQuoted(flag.name)}${value} -d ${fishQuoted(flag.summary)}`;
}

/** The options of a value: `-r` (one is required) with its candidates, or fish's files. */
function fishValue(value: ValueKind): string {
  switch (value.kind) {
    case 'choice':
      return `-x -a ${fishQuoted(value.values.map(fishQuoted).join(' '))}`;
    case 'file':
      return '-r -F';
    case 'proxy':
      return `-x -a ${fishQuoted('(__proxy_tray_proxies)')}`;
    case 'text':
      return '-x';
  }
}
