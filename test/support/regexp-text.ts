/** `text` as a regular expression that matches exactly it: every special character escaped. */
export function regExpText(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
