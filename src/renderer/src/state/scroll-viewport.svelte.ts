import { createContext } from 'svelte';

/**
 * The one scroll container of the plan list, shared by every plan's virtual list: each list
 * renders those of its rows that fall inside [scrollTop, scrollTop + height).
 */
export class ScrollViewport {
  scrollTop = $state(0);
  height = $state(0);
  element: HTMLElement | undefined;

  scrollTo(top: number): void {
    // Setting scrollTop costs a layout: skip it when nothing would move.
    if (!this.element || top === this.scrollTop) return;
    this.element.scrollTop = top;
    // Read back (the browser clamps), and update now rather than at the next scroll event.
    this.scrollTop = this.element.scrollTop;
  }
}

export const [getScrollViewport, setScrollViewport] = createContext<ScrollViewport>();
