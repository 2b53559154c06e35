// Taking one space after "bearer" instead of all (`\s` for `\s+`) is equivalent, left to survive:
// the token is trimmed after.
const HEADER_PREFIX = /^(?:authorization\s*:\s*)?bearer(?:\s+|$)/i;

/**
 * The token out of what the user pasted: surrounding spaces and line breaks go, and so does a
 * `Bearer ` (or a whole `Authorization: Bearer `) copied along with it from a curl line.
 */
export function cleanPastedToken(pasted: string): string {
  // Stryker disable next-line MethodExpression: the prefix takes every space after "bearer" with it, and the rest was trimmed before
  return pasted.trim().replace(HEADER_PREFIX, '').trim();
}
