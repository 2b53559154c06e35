export type ToastKind = 'success' | 'error';

export interface Toast {
  readonly id: number;
  readonly kind: ToastKind;
  readonly message: string;
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

  error(message: string): void {
    // The same failure twice (a retried change) is one toast, moved to the end.
    this.items = this.items.filter((item) => !(item.kind === 'error' && item.message === message));
    this.#push('error', message);
  }

  dismiss(id: number): void {
    this.items = this.items.filter((item) => item.id !== id);
  }

  #push(kind: ToastKind, message: string): Toast {
    const toast = { id: this.#nextId++, kind, message };
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
