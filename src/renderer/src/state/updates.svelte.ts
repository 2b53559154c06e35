import type { IpcResult } from '../../../shared/ipc/ipc-error';
import type { UpdateStatus } from '../../../shared/views/update-status';
import { bridge } from './bridge';
import { toasts } from './toasts.svelte';

/** The app's own update, as the main process checks, downloads and installs it. */
class Updates {
  status = $state.raw<UpdateStatus | null>(null);
  /** Counts 'updates:changed' events: an answer older than an event must not overwrite it. */
  #events = 0;

  /** The version a restart installs, once downloaded. */
  readonly readyVersion = $derived(this.status?.state === 'ready' ? this.status.version : null);

  receive(status: UpdateStatus): void {
    this.#events += 1;
    this.status = status;
  }

  load(): Promise<void> {
    // A failure here is not worth a toast: the next change sends the status again.
    return this.#ask(() => bridge().updates.status(), false);
  }

  check(): Promise<void> {
    return this.#ask(() => bridge().updates.check(), true);
  }

  async restart(): Promise<void> {
    const result = await bridge().updates.restart();
    if (!result.ok) toasts.error(result.error.message);
  }

  async #ask(call: () => Promise<IpcResult<UpdateStatus>>, loud: boolean): Promise<void> {
    const eventsBefore = this.#events;
    const result = await call();
    if (!result.ok) {
      if (loud) toasts.error(result.error.message);
    } else if (this.#events === eventsBefore) this.status = result.value;
  }
}

export const updates = new Updates();
