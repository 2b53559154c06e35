import type { PlansUpdate } from '../../../shared/views/plans-update';
import type { PlansSnapshot } from '../../../shared/views/plans-view';
import { applyPlansUpdate, type PlansPatch } from '../lib/plans-patches';
import { Replica } from '../lib/replica';
import { bridge } from './bridge';
import { markAfterPaint } from './paint-marks';
import { toasts } from './toasts.svelte';

/**
 * The plans of the active account as the main process last described them: a snapshot (the
 * answer to `list`, or announced whole) with the patches announced since laid over it. Each patch makes a
 * new snapshot that shares what it left alone, so the snapshot is held raw: deep reactivity over
 * 100,000 proxies would cost more than what depends on it, which tells a changed plan by identity.
 */
class PlansStore {
  /** `#replica.value`, mirrored so that the popup redraws when it changes. */
  snapshot = $state.raw<PlansSnapshot | null>(null);
  #refreshAsked = $state(false);
  /** The revision the last refresh answered with: what it found is on screen once heard. */
  #refreshEndsAt = $state(-1);
  /** `#replica.heard`, mirrored so that `refreshing` follows it. */
  #heard = $state(-1);
  readonly #replica = new Replica<PlansSnapshot, PlansPatch>(applyPlansUpdate);

  /** From the click until what the refresh found is on screen, not only until it answered. */
  get refreshing(): boolean {
    return this.#refreshAsked || this.#heard < this.#refreshEndsAt || !!this.snapshot?.refreshing;
  }

  receive(update: PlansUpdate): void {
    if (update.kind === 'snapshot') {
      if (this.#replica.base(update.snapshot)) this.#show({ whole: true });
    } else if (this.#replica.delta(update)) {
      this.#show({ whole: false });
    }
    this.#heard = this.#replica.heard;
  }

  async list(): Promise<void> {
    const result = await this.#replica.ask(
      () => bridge().plans.list(),
      (answer) => (answer.ok ? answer.value : undefined),
    );
    this.#heard = this.#replica.heard;
    if (!result.ok) {
      // The last good plans stay on screen.
      toasts.error(result.error.message);
      return;
    }
    // Patches are shown as they arrive, so a value that differs now is the answer, taken.
    if (this.#replica.value !== this.snapshot) this.#show({ whole: true });
  }

  /**
   * Reloads the listing. The plans it finds arrive as updates, like every other change; its
   * answer says only how it ended, and up to which revision.
   */
  async refresh(): Promise<void> {
    this.#refreshAsked = true;
    try {
      const result = await bridge().plans.refresh();
      if (!result.ok) {
        toasts.error(result.error.message);
        return;
      }
      // The refresh's own failure is in the plans' status, shown where the plans are.
      this.#refreshEndsAt = Math.max(this.#refreshEndsAt, result.value.revision);
    } finally {
      this.#refreshAsked = false;
    }
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
