import { COMMANDS, GLOBAL_FLAGS } from '../commands/command-table';
import type { FlagSpec, ValueKind } from '../commands/command-table';
import { flagsOf, flagWords } from './completion-model';
import { PROXY_CANDIDATES_COMMAND } from './proxy-candidates';
import { posixQuoted } from './shell-quoting';
import { takesValueCaseLine, valueCaseLines } from './value-cases';
import { wordScan } from './word-scan';

/**
 * The bash script. It uses only what bash itself has (COMP_WORDS, COMP_LINE, compgen), not the
 * bash-completion package, which many systems (and macOS's bash) do not have.
 */
export function bashScript(): string {
  return `# bash completion for proxy-tray, generated from its command table.
# Install: add \`source <(proxy-tray completion bash)\` to ~/.bashrc

# Readline splits words at ':' too (COMP_WORDBREAKS), so a host:port arrives in pieces: this glues
# the pieces back from COMP_LINE (up to the cursor) into the caller's \`words\`.
_proxy_tray_words() {
  local line=\${COMP_LINE:0:COMP_POINT} word trimmed i
  for ((i = 0; i <= COMP_CWORD; i++)); do
    word=\${COMP_WORDS[i]}
    trimmed=\${line#"\${line%%[![:space:]]*}"}
    ((i == COMP_CWORD)) && word=$trimmed
    if ((i > 0)) && [[ $trimmed == "$line" ]]; then
      words[\${#words[@]} - 1]+=$word
    else
      words+=("$word")
    fi
    line=\${trimmed:\${#word}}
  done
}

_proxy_tray_choose() {
  local candidate
  for candidate in "$@"; do
    [[ $candidate == "$cur"* ]] && COMPREPLY+=("$candidate")
  done
}

_proxy_tray_files() {
  local file
  while IFS= read -r file; do COMPREPLY+=("$file"); done < <(compgen -f -- "$cur")
  compopt -o filenames 2>/dev/null
}

# Offers nothing when the command fails (signed out, no app): the prompt must stay clean.
_proxy_tray_proxies() {
  local output line quoted
  output=$(command ${PROXY_CANDIDATES_COMMAND} 2>/dev/null) || return 0
  while IFS= read -r line; do
    [[ -z $line ]] && continue
    # Readline inserts a candidate as it is: a space must arrive escaped to stay one argument.
    printf -v quoted '%q' "$line"
    [[ $quoted == "$cur"* ]] && COMPREPLY+=("$quoted")
  done <<<"$output"
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
${valueCaseLines(bashAction, '    ')}
  esac
}

_proxy_tray_flags() {
  case $1 in
${COMMANDS.map((command) => `    ${posixQuoted(command.name)}) _proxy_tray_choose ${flagList(flagsOf(command))} ;;`).join('\n')}
    *) _proxy_tray_choose ${flagList(GLOBAL_FLAGS)} ;;
  esac
}

_proxy_tray() {
  local -a words=()
  _proxy_tray_words
  local cword=$((\${#words[@]} - 1))
  local cur=\${words[cword]} command='' position=0 value_of='' i word
${wordScan(1, 'cword')}
  COMPREPLY=()
  if [[ -n $value_of ]]; then
    _proxy_tray_value "$command $value_of"
  elif [[ $cur == -* ]]; then
    _proxy_tray_flags "$command"
  elif [[ -z $command ]]; then
    _proxy_tray_choose ${COMMANDS.map((command) => posixQuoted(command.name)).join(' ')}
  else
    _proxy_tray_value "$command #$position"
  fi
  # Readline replaces only what follows the word's last ':': drop the part already typed.
  if [[ $cur == *:* && $COMP_WORDBREAKS == *:* ]]; then
    local typed=\${cur%"\${cur##*:}"} index
    for index in "\${!COMPREPLY[@]}"; do
      COMPREPLY[index]=\${COMPREPLY[index]#"$typed"}
    done
  fi
  return 0
}

complete -F _proxy_tray proxy-tray
`;
}

function flagList(flags: readonly FlagSpec[]): string {
  return flags.flatMap(flagWords).map(posixQuoted).join(' ');
}

function bashAction(value: ValueKind): string {
  switch (value.kind) {
    case 'choice':
      return `_proxy_tray_choose ${value.values.map(posixQuoted).join(' ')}`;
    case 'file':
      return '_proxy_tray_files';
    case 'proxy':
      return '_proxy_tray_proxies';
    case 'text':
      return ':';
  }
}
