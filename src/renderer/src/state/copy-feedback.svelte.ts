import { toasts } from './toasts.svelte';

const SECOND_MS = 1000;

/**
 * What the popup says after a copy, as password managers do: what was copied, and a countdown
 * to the moment the main process clears the clipboard; then "Clipboard cleared" when it did (it
 * does not when the user copied something else meanwhile, and then says nothing). One countdown
 * at a time: a new copy replaces the last one's, whose clear will not happen.
 */
class CopyFeedback {
  #countdown: { toastId: number; timer: ReturnType<typeof setInterval> } | undefined;

  copied(description: string, clearsInSeconds: number): void {
    this.#stop();
    if (clearsInSeconds <= 0) {
      toasts.success(description);
      return;
    }
    let remaining = clearsInSeconds;
    const text = () => `${description} · clears in ${remaining} s`;
    const toastId = toasts.lasting(text());
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
