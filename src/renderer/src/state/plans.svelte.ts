import type { IpcResult } from '../../../shared/ipc/ipc-error';
import type { PlansUpdate } from '../../../shared/ipc/plans-update';
import type { PlansSnapshot } from '../../../shared/ipc/plans-view';
import { applyPlansUpdate, type PlansPatch } from '../lib/plans-patches';
import { Replica } from '../lib/replica';
import { bridge } from './bridge';
import { markAfterPaint } from './paint-marks';
import { toasts } from './toasts.svelte';

/**
 * The plans of the active account as the main process last described them: a snapshot (an
 * answer, or announced whole) with the patches announced since laid over it. Each patch makes a
 * new snapshot that shares what it left alone, so the snapshot is held raw: deep reactivity over
 * 100,000 proxies would cost more than what depends on it, which tells a changed plan by identity.
 */
class PlansStore {
  /** `#replica.value`, mirrored so that the popup redraws when it changes. */
  snapshot = $state.raw<PlansSnapshot | null>(null);
  #refreshAsked = $state(false);
  readonly #replica = new Replica<PlansSnapshot, PlansPatch>(applyPlansUpdate);

  get refreshing(): boolean {
    return this.#refreshAsked || !!this.snapshot?.refreshing;
  }

  receive(update: PlansUpdate): void {
    if (update.kind === 'snapshot') {
      if (this.#replica.base(update.snapshot)) this.#show({ whole: true });
    } else if (this.#replica.delta(update)) {
      this.#show({ whole: false });
    }
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
    const result = await this.#replica.ask(call, (answer) =>
      answer.ok ? answer.value : undefined,
    );
    if (!result.ok) {
      // The last good plans stay on screen.
      toasts.error(result.error.message);
      return;
    }
    // Patches are shown as they arrive, so a value that differs now is the answer, taken.
    if (this.#replica.value !== this.snapshot) this.#show({ whole: true });
  }

  #show({ whole }: { whole: boolean }): void {
    const snapshot = this.#replica.value;
    this.snapshot = snapshot;
    // The benchmarks time a whole listing from its arrival to its first paint.
    if (whole && snapshot?.plans) {
      performance.mark('proxy-tray:plans-received');
      markAfterPaint('proxy-tray:plans-painted');
    }
  }
}

export const plans = new PlansStore();
