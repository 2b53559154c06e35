import { admit, leavesByItself, NEWS_MS, type ToastKind } from '../lib/toast-queue';

export type { ToastKind } from '../lib/toast-queue';

/** A button on the toast that does what it suggests ("Copy as URL"), then lets it go. */
export interface ToastAction {
  readonly label: string;
  readonly run: () => void;
}

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly message: string;
  /** Stays until its owner dismisses it (a countdown), instead of leaving by itself. */
  readonly lasting?: boolean;
  readonly action?: ToastAction;
}

/** Why a toast is held on screen: the pointer is over it, or focus is in it. */
export type HoldReason = 'hover' | 'focus';

interface Countdown {
  remaining: number;
  startedAt: number;
  timer: ReturnType<typeof setTimeout> | undefined;
  readonly holds: Set<HoldReason>;
}

/**
 * The popup's notifications (rules in lib/toast-queue.ts). News leaves after a few seconds, but
 * not while it is hovered or focused: whoever is reading it, or reaching for its button, keeps it,
 * as good toast libraries do (WCAG 2.2.1). Errors stay until dismissed.
 */
class Toasts {
  items = $state.raw<readonly Toast[]>([]);
  #nextId = 1;
  readonly #countdowns = new Map<number, Countdown>();

  success(message: string): void {
    this.#push({ kind: 'success', message });
  }

  /** News in a neutral voice: something happened that is not a failure. */
  info(message: string): void {
    this.#push({ kind: 'info', message });
  }

  /** A toast its owner keeps up to date with `update` and takes down with `dismiss`. */
  lasting(message: string, more: { kind?: ToastKind; action?: ToastAction } = {}): number {
    return this.#push({ kind: more.kind ?? 'success', message, lasting: true, ...more }).id;
  }

  /** Changes a toast's text in place; nothing when it is gone (dismissed, or pushed out). */
  update(id: number, message: string): void {
    this.items = this.items.map((item) => (item.id === id ? { ...item, message } : item));
  }

  error(message: string): void {
    // The same failure twice (a retried change) is one toast, moved to the end.
    this.items = this.items.filter((item) => !(item.kind === 'error' && item.message === message));
    this.#push({ kind: 'error', message });
  }

  dismiss(id: number): void {
    this.#forget(id);
    this.items = this.items.filter((item) => item.id !== id);
  }

  /** Stops a toast's countdown while it is read (`hover`) or used (`focus`). */
  hold(id: number, reason: HoldReason): void {
    const countdown = this.#countdowns.get(id);
    if (!countdown) return;
    if (countdown.holds.size === 0 && countdown.timer !== undefined) {
      clearTimeout(countdown.timer);
      countdown.timer = undefined;
      countdown.remaining -= Date.now() - countdown.startedAt;
    }
    countdown.holds.add(reason);
  }

  /** Lets the countdown go on with the time it had left, once nothing holds it any more. */
  release(id: number, reason: HoldReason): void {
    const countdown = this.#countdowns.get(id);
    if (!countdown || !countdown.holds.delete(reason) || countdown.holds.size > 0) return;
    this.#run(id, countdown);
  }

  #push(fields: Omit<Toast, 'id'>): Toast {
    const toast: Toast = { id: this.#nextId++, ...fields };
    const items = admit(this.items, toast);
    for (const item of this.items) if (!items.includes(item)) this.#forget(item.id);
    this.items = items;
    if (leavesByItself(toast)) {
      const countdown: Countdown = {
        remaining: NEWS_MS,
        startedAt: 0,
        timer: undefined,
        holds: new Set(),
      };
      this.#countdowns.set(toast.id, countdown);
      this.#run(toast.id, countdown);
    }
    return toast;
  }

  #run(id: number, countdown: Countdown): void {
    countdown.startedAt = Date.now();
    countdown.timer = setTimeout(() => this.dismiss(id), Math.max(countdown.remaining, 0));
  }

  #forget(id: number): void {
    const countdown = this.#countdowns.get(id);
    if (countdown?.timer !== undefined) clearTimeout(countdown.timer);
    this.#countdowns.delete(id);
  }
}

export const toasts = new Toasts();
