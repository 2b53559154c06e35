/**
 * The loop bash and zsh both run over the words typed before the cursor: it finds the command, the
 * number of its arguments so far, and whether the word under the cursor is a flag's value. The two
 * shells differ only in where the words start (bash counts from 0, zsh from 1, each with the
 * program's name first) and in what names the cursor's word; `local command position value_of i
 * word` must be declared by the caller.
 */
export function wordScan(firstWord: number, cursor: string): string {
  return `  for ((i = ${firstWord}; i < ${cursor}; i++)); do
    word=\${words[i]}
    if [[ $word == -* ]]; then
      if _proxy_tray_takes_value "$command" "$word"; then
        ((i + 1 == ${cursor})) && value_of=$word
        ((i++))
      fi
    elif [[ -z $command ]]; then
      command=$word
    else
      ((position++))
    fi
  done`;
}
