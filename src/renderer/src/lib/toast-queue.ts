/**
 * The rules of the popup's notifications, apart from timers and the DOM.
 *
 * - success and info: news that needs no answer; each leaves after a few seconds on screen.
 * - warning: a copy that may not work where it is pasted, with what to do instead; it stays.
 * - error: a failure; it stays until dismissed, so none goes unread.
 */
export type ToastKind = 'success' | 'info' | 'warning' | 'error';

/** How long news stays on screen (not counting the time it is hovered or focused). */
export const NEWS_MS = 5000;

/** More would cover the popup: the oldest that is not an error makes room. */
export const MAX_TOASTS = 3;

export interface QueuedToast {
  readonly id: number;
  readonly kind: ToastKind;
  /** Its owner takes it down (a countdown), whatever its kind. */
  readonly lasting?: boolean;
}

/** Success and info leave by themselves; warnings, errors and owned toasts do not. */
export function leavesByItself(toast: QueuedToast): boolean {
  return !toast.lasting && (toast.kind === 'success' || toast.kind === 'info');
}

/**
 * The toasts on screen once `added` joins them: at most MAX_TOASTS, the oldest non-error ones
 * leaving first (never the new one), and errors only when nothing else is left to go.
 */
export function admit<Toast extends QueuedToast>(shown: readonly Toast[], added: Toast): Toast[] {
  let items = [...shown, added];
  while (items.length > MAX_TOASTS) {
    const oldestNews = items.findIndex((item) => item.kind !== 'error' && item !== added);
    const leaving = oldestNews >= 0 ? oldestNews : 0;
    items = items.filter((_, index) => index !== leaving);
  }
  return items;
}
