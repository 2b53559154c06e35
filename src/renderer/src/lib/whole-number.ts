/** A whole number typed in a field, or null when the text is not one (empty, decimal, words). */
export function parseWholeNumber(text: string): number | null {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}
