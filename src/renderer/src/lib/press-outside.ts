/** What a press can focus: controls, and elements given a tabindex (rows, headings). */
const FOCUSABLE = 'a[href], button, input, select, textarea, [contenteditable], [tabindex]';

/**
 * Calls `close` on a press (mouse, pen or touch) outside `inside`, as a popover's light dismiss
 * does. A press on nothing focusable would leave the focus on the page's body, where the list's
 * keys do nothing: the focus goes to `inside` instead, so the keyboard goes on from there. A press
 * on another control gives that control the focus, as usual. Returns what stops listening.
 */
export function closeOnPressOutside(inside: HTMLElement, close: () => void): () => void {
  const onPointerDown = (event: PointerEvent): void => {
    const target = event.target;
    if (target instanceof Node && inside.contains(target)) return;
    close();
    if (target instanceof Element && target.closest(FOCUSABLE)) return;
    // Cancelling the press keeps the browser from moving the focus to the body after it.
    event.preventDefault();
    inside.focus();
  };
  // Captured: a control that stops the event's propagation must not keep the panel open.
  document.addEventListener('pointerdown', onPointerDown, true);
  return () => document.removeEventListener('pointerdown', onPointerDown, true);
}
