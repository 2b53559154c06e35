/**
 * One word for a POSIX shell (sh, bash, zsh, dash): inside single quotes nothing is special
 * (`$`, `!`, `` ` ``, `\`, spaces), and a single quote itself is written as `'\''`.
 */
export function quoteForPosixShell(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}
