import type { IpcResult } from '../../../shared/ipc/ipc-error';
import type { PlansSnapshot } from '../../../shared/ipc/plans-view';
import { bridge } from './bridge';
import { markAfterPaint } from './paint-marks';
import { toasts } from './toasts.svelte';

/**
 * The plans of the active account as the main process last described them. A snapshot is
 * immutable and replaced whole, so it is held raw: deep reactivity over 10,000 proxies would cost
 * more than rebuilding what depends on it.
 */
class PlansStore {
  snapshot = $state.raw<PlansSnapshot | null>(null);
  #refreshAsked = $state(false);
  /** Counts 'plans:changed' events: an answer older than an event must not overwrite it. */
  #events = 0;

  get refreshing(): boolean {
    return this.#refreshAsked || !!this.snapshot?.refreshing;
  }

  receive(snapshot: PlansSnapshot): void {
    this.#events += 1;
    this.#accept(snapshot);
  }

  async list(): Promise<void> {
    await this.#ask(() => bridge().plans.list());
  }

  async refresh(): Promise<void> {
    this.#refreshAsked = true;
    try {
      await this.#ask(() => bridge().plans.refresh());
    } finally {
      this.#refreshAsked = false;
    }
  }

  async #ask(call: () => Promise<IpcResult<PlansSnapshot>>): Promise<void> {
    const eventsBefore = this.#events;
    const result = await call();
    if (!result.ok) {
      // The last good plans stay on screen.
      toasts.error(result.error.message);
      return;
    }
    if (this.#events === eventsBefore) this.#accept(result.value);
  }

  #accept(snapshot: PlansSnapshot): void {
    this.snapshot = snapshot;
    if (snapshot.plans) {
      performance.mark('proxy-tray:plans-received');
      markAfterPaint('proxy-tray:plans-painted');
    }
  }
}

export const plans = new PlansStore();
