import { toasts, type ToastAction } from './toasts.svelte';

const SECOND_MS = 1000;

/** A copy that may be misread where it is pasted: what is wrong, and the copy that avoids it. */
export interface CopyWarning {
  readonly message: string;
  readonly instead: ToastAction;
}

/**
 * What the popup says after a copy, as password managers do: what was copied, and a countdown
 * to the moment the main process clears the clipboard; then "Clipboard cleared" when it did (it
 * does not when the user copied something else meanwhile, and then says nothing). One countdown
 * at a time: a new copy replaces the last one's, whose clear will not happen. A copy that is
 * never cleared (no secret in it, or clearing is off) says nothing about clearing.
 */
class CopyFeedback {
  #countdown: { toastId: number; timer: ReturnType<typeof setInterval> | undefined } | undefined;

  copied(description: string, clearsInSeconds: number, warning?: CopyWarning): void {
    this.#stop();
    const said = warning ? `${description} · ${warning.message}` : description;
    const more = warning ? { kind: 'warning' as const, action: warning.instead } : {};
    if (clearsInSeconds <= 0) {
      // A warning waits to be read (it offers a better copy); the plain news goes by itself.
      if (warning) this.#countdown = { toastId: toasts.lasting(said, more), timer: undefined };
      else toasts.success(said);
      return;
    }
    let remaining = clearsInSeconds;
    const text = () => `${said} · clears in ${remaining} s`;
    const toastId = toasts.lasting(text(), more);
    const timer = setInterval(() => {
      remaining -= 1;
      if (remaining > 0) toasts.update(toastId, text());
      else this.#stop();
    }, SECOND_MS);
    this.#countdown = { toastId, timer };
  }

  /** The main process took our copy off the clipboard. */
  cleared(): void {
    this.#stop();
    toasts.success('Clipboard cleared');
  }

  #stop(): void {
    if (!this.#countdown) return;
    clearInterval(this.#countdown.timer);
    toasts.dismiss(this.#countdown.toastId);
    this.#countdown = undefined;
  }
}

export const copyFeedback = new CopyFeedback();
