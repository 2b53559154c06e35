/**
 * What a key pressed in the plans screen, outside the search box, does to the search: as in a
 * password manager's quick access, typing anywhere goes on in the search.
 */

/** What the focused element makes of the key by itself. */
export type KeyTarget =
  /** A field or editor: the key is its own. */
  | 'text-entry'
  /** A button, switch or menu item: Space activates it. */
  | 'activatable'
  /** A row, a heading, the page: the key would do nothing there. */
  | 'other';

export interface KeyPress {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  isComposing: boolean;
}

export type SearchKeystroke = { append: string } | 'erase' | null;

export function searchKeystroke(press: KeyPress, target: KeyTarget): SearchKeystroke {
  // Shortcuts (Ctrl+B, Cmd+F) and a composition in progress belong to someone else.
  if (press.ctrlKey || press.metaKey || press.altKey || press.isComposing) return null;
  if (target === 'text-entry') return null;
  if (press.key === 'Backspace') return 'erase';
  // One character, not a named key ("Enter", "ArrowDown"); an emoji is two UTF-16 units.
  if ([...press.key].length !== 1) return null;
  // "/" already focuses the search without typing itself (the search engines' habit).
  if (press.key === '/') return null;
  if (press.key === ' ' && target === 'activatable') return null;
  return { append: press.key };
}

/** The query after the keystroke: a character added, or the last one erased. */
export function typedQuery(query: string, keystroke: 'erase' | { append: string }): string {
  if (keystroke === 'erase') return [...query].slice(0, -1).join('');
  return query + keystroke.append;
}
