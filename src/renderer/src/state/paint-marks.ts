import { tick } from 'svelte';

/** Marks for `npm run bench`: set in the frame after the DOM shows the change. */
export function markAfterPaint(name: string): void {
  void tick().then(() => requestAnimationFrame(() => performance.mark(name)));
}
