import { stripBidiControls } from '../../../shared/text/bidi-controls';

/** Native menus show one short line; longer names are cut with an ellipsis. */
export const MAX_MENU_LABEL_LENGTH = 60;

/**
 * Makes any text (a plan name, a user's label) safe as an Electron menu label: one line, at most
 * MAX_MENU_LABEL_LENGTH characters, no direction controls (a native menu item is plain text, with
 * nothing to isolate a name from the words around it), and every `&` doubled, because Electron
 * reads a single `&` as a mnemonic marker and drops it (on every platform).
 */
export function menuLabel(text: string): string {
  const oneLine = stripBidiControls(text)
    .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const characters = Array.from(oneLine); // by code point, so an emoji is never cut in half
  const short =
    characters.length > MAX_MENU_LABEL_LENGTH
      ? `${characters
          .slice(0, MAX_MENU_LABEL_LENGTH - 1)
          .join('')
          .trimEnd()}…`
      : oneLine;
  return short.replaceAll('&', '&&');
}
