export type ToastEdge = 'top' | 'bottom';

/** Space between the popup's edge and the toasts (Toasts.svelte places them this far in). */
export const TOAST_INSET_PX = 10;

/**
 * Which edge of the popup the toasts sit on: the bottom, unless the focused control is under
 * where they would be, then the top, so that they never hide what the keyboard is on. A control
 * too tall to miss either place (the list itself) leaves them at the bottom. Moving them costs no
 * room, where keeping a band free for them would take up to three toasts' height from the list at
 * every moment, in a popup that must work at 280 px.
 */
export function toastEdge(
  focused: { readonly top: number; readonly bottom: number } | null,
  stackHeight: number,
  viewportHeight: number,
): ToastEdge {
  if (!focused || stackHeight <= 0) return 'bottom';
  const bottomBand = { top: viewportHeight - TOAST_INSET_PX - stackHeight, bottom: viewportHeight };
  const topBand = { top: 0, bottom: TOAST_INSET_PX + stackHeight };
  if (!overlaps(focused, bottomBand)) return 'bottom';
  return overlaps(focused, topBand) ? 'bottom' : 'top';
}

function overlaps(
  a: { readonly top: number; readonly bottom: number },
  b: { readonly top: number; readonly bottom: number },
): boolean {
  return a.top < b.bottom && b.top < a.bottom;
}
