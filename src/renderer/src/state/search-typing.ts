import { searchKeystroke, typedQuery, type KeyTarget } from '../lib/search-keystroke';
import { navigation } from './navigation.svelte';
import type { ScrollViewport } from './scroll-viewport.svelte';
import { changeSearchQuery } from './search-query-change';
import { search } from './search.svelte';

const ACTIVATABLE =
  'button, a[href], summary, [role="button"], [role="switch"], [role="checkbox"], [role="radio"], [role^="menuitem"], [role="option"], [role="tab"]';

function keyTarget(target: EventTarget | null): KeyTarget {
  if (!(target instanceof HTMLElement)) return 'other';
  if (target.isContentEditable || target.matches('input, textarea, select')) return 'text-entry';
  return target.matches(ACTIVATABLE) ? 'activatable' : 'other';
}

/**
 * A key typed on the plans screen outside a field goes on in the search box, which takes the
 * focus: the user who tabbed or arrowed into the list types to narrow it without going back.
 */
export function typeIntoSearch(event: KeyboardEvent, viewport: ScrollViewport): void {
  if (event.defaultPrevented) return;
  const keystroke = searchKeystroke(event, keyTarget(event.target));
  if (!keystroke) return;
  event.preventDefault();
  changeSearchQuery(typedQuery(search.query, keystroke), viewport);
  navigation.focusSearch({ select: false });
}
