/**
 * The characters that steer the direction of the text around them: marks (LRM, RLM, ALM),
 * embeddings and overrides (LRE…RLO, PDF) and isolates (LRI…PDI). One of them in a plan name (a
 * U+202E RIGHT-TO-LEFT OVERRIDE, say) would reverse the app's own words after it wherever the name
 * is set into a sentence of plain text, as native menus and notifications are.
 */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/gu;

/** The text without direction controls: right-to-left letters keep their own, natural direction. */
export function stripBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}

/**
 * A name set into a sentence that the popup shows as text: isolated (FSI … PDI, what `<bdi>` does
 * in markup) so that its direction never spills into the words around it, and stripped first so
 * that it cannot close the isolate itself.
 */
export function isolateBidi(text: string): string {
  return `\u2068${stripBidiControls(text)}\u2069`;
}
