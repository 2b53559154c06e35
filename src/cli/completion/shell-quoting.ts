/**
 * How text from the command table (summaries with quotes, colons, parentheses) is written into
 * the completion scripts, so that the shell reads back exactly that text and never runs any of it.
 */

/** A single-quoted word for bash and zsh: nothing inside is expanded; a `'` closes, escapes, reopens. */
export function posixQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/**
 * One `name:description` entry of zsh's `_describe`, quoted: `_describe` splits at the first
 * unescaped `:`, so a colon (or a backslash) in the name is escaped; the description keeps its own.
 */
export function zshDescribeEntry(name: string, description: string): string {
  const escapedName = name.replaceAll('\\', '\\\\').replaceAll(':', '\\:');
  return posixQuoted(`${escapedName}:${description}`);
}

/** A single-quoted fish word: inside fish's single quotes only `\\` and `\'` are escapes. */
export function fishQuoted(text: string): string {
  return `'${text.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}
