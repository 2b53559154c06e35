export type ToastKind = 'success' | 'error';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly message: string;
  /** Stays until its owner dismisses it (a countdown), instead of going after 3 s. */
  readonly lasting?: boolean;
}

/** Successes confirm and go; errors stay until dismissed, so none is missed. */
const SUCCESS_MS = 3000;
const MAX_TOASTS = 4;

class Toasts {
  items = $state.raw<readonly Toast[]>([]);
  #nextId = 1;

  success(message: string): void {
    const toast = this.#push('success', message);
    setTimeout(() => this.dismiss(toast.id), SUCCESS_MS);
  }

  /** A success its owner keeps up to date with `update` and takes down with `dismiss`. */
  lasting(message: string): number {
    return this.#push('success', message, true).id;
  }

  /** Changes a toast's text in place; nothing when it is gone (dismissed, or pushed out). */
  update(id: number, message: string): void {
    this.items = this.items.map((item) => (item.id === id ? { ...item, message } : item));
  }

  error(message: string): void {
    // The same failure twice (a retried change) is one toast, moved to the end.
    this.items = this.items.filter((item) => !(item.kind === 'error' && item.message === message));
    this.#push('error', message);
  }

  dismiss(id: number): void {
    this.items = this.items.filter((item) => item.id !== id);
  }

  #push(kind: ToastKind, message: string, lasting = false): Toast {
    const toast: Toast = { id: this.#nextId++, kind, message, ...(lasting ? { lasting } : {}) };
    let items = [...this.items, toast];
    // Older successes make room first; errors are dropped only when there are too many of them.
    while (items.length > MAX_TOASTS) {
      const success = items.findIndex((item) => item.kind === 'success' && item !== toast);
      items = items.filter((_, index) => index !== (success >= 0 ? success : 0));
    }
    this.items = items;
    return toast;
  }
}

export const toasts = new Toasts();
