import { COMMANDS, GLOBAL_FLAGS } from '../commands/command-table';
import type { FlagSpec, ValueKind } from '../commands/command-table';
import { flagsOf, flagWords } from './completion-model';
import { PROXY_CANDIDATES_COMMAND } from './proxy-candidates';
import { posixQuoted, zshDescribeEntry } from './shell-quoting';
import { takesValueCaseLine, valueCaseLines } from './value-cases';
import { wordScan } from './word-scan';

/**
 * The zsh script: an autoloadable `#compdef` file that also registers itself with `compdef` when
 * sourced, so `source <(proxy-tray completion zsh)` works as well as a file in $fpath.
 */
export function zshScript(): string {
  return `#compdef proxy-tray
# zsh completion for proxy-tray, generated from its command table.
# Install: add \`source <(proxy-tray completion zsh)\` to ~/.zshrc, after \`compinit\`

# Offers nothing when the command fails (signed out, no app): the prompt must stay clean.
_proxy_tray_proxies() {
  local output
  output=$(command ${PROXY_CANDIDATES_COMMAND} 2>/dev/null) || return 1
  local -a proxies
  proxies=(\${(f)output})
  compadd -a proxies
}

_proxy_tray_takes_value() {
  case "$1 $2" in
${takesValueCaseLine('    ')}
  esac
  return 1
}

# $1: "COMMAND --flag" for a flag's value, "COMMAND #N" for the command's argument N.
_proxy_tray_value() {
  case $1 in
${valueCaseLines(zshAction, '    ')}
  esac
}

_proxy_tray_flags() {
  local -a flags
  case $1 in
${COMMANDS.map((command) => `    ${posixQuoted(command.name)}) flags=(${describeFlags(flagsOf(command))}) ;;`).join('\n')}
    *) flags=(${describeFlags(GLOBAL_FLAGS)}) ;;
  esac
  _describe -t flags 'flag' flags
}

_proxy_tray() {
  local command='' position=0 value_of='' i word
${wordScan(2, 'CURRENT')}
  if [[ -n $value_of ]]; then
    _proxy_tray_value "$command $value_of"
  elif [[ $PREFIX == -* ]]; then
    _proxy_tray_flags "$command"
  elif [[ -z $command ]]; then
    local -a commands=(${COMMANDS.map((command) => zshDescribeEntry(command.name, command.summary)).join(' ')})
    _describe -t commands 'proxy-tray command' commands
  else
    _proxy_tray_value "$command #$position"
  fi
}

if [[ $funcstack[1] == _proxy_tray ]]; then
  _proxy_tray "$@"
else
  compdef _proxy_tray proxy-tray
fi
`;
}

function describeFlags(flags: readonly FlagSpec[]): string {
  return flags
    .flatMap((flag) => flagWords(flag).map((word) => zshDescribeEntry(word, flag.summary)))
    .join(' ');
}

function zshAction(value: ValueKind): string {
  switch (value.kind) {
    case 'choice':
      return `compadd -- ${value.values.map(posixQuoted).join(' ')}`;
    case 'file':
      return '_files';
    case 'proxy':
      return '_proxy_tray_proxies';
    case 'text':
      return ':';
  }
}
