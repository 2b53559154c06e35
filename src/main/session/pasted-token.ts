const HEADER_PREFIX = /^(?:authorization\s*:\s*)?bearer(?:\s+|$)/i;

/**
 * The token out of what the user pasted: surrounding spaces and line breaks go, and so does a
 * `Bearer ` (or a whole `Authorization: Bearer `) copied along with it from a curl line.
 */
export function cleanPastedToken(pasted: string): string {
  return pasted.trim().replace(HEADER_PREFIX, '').trim();
}
