import { SvelteMap } from 'svelte/reactivity';
import type { IpcResult } from '../../../shared/ipc/ipc-error';
import type {
  ProxyCheckEntry,
  ProxyChecksDelta,
  ProxyChecksLastRun,
  ProxyChecksRun,
  ProxyChecksView,
} from '../../../shared/views/check-view';
import {
  applyChecksDelta,
  checksStateOf,
  sameCheckEntry,
  type ChecksState,
} from '../lib/check-deltas';
import { failingProxyIds } from '../lib/check-status';
import { Replica } from '../lib/replica';
import { syncMap } from '../lib/sync-map';
import { bridge } from './bridge';
import { toasts } from './toasts.svelte';

/**
 * Proxy checks as the main process runs them: each proxy's status and the current run's progress.
 * Answers bring the full view, events ('checks:changed') what changed; the replica orders them.
 */
class Checks {
  /** The current run; null when none is under way. */
  run = $state.raw<ProxyChecksRun>(null);
  /** How the last finished run went, until the next one starts or the user dismisses it. */
  lastRun = $state.raw<ProxyChecksLastRun>(null);
  /** The number of the run whose summary the user dismissed: a later run's shows again. */
  #dismissedRun = $state(0);
  /** What rows read: one key per proxy, so a delta wakes only the rows whose entry it changed. */
  readonly #entries = new SvelteMap<number, ProxyCheckEntry>();
  readonly #replica = new Replica<ChecksState, ProxyChecksDelta>(applyChecksDelta);
  /**
   * The proxies whose last check failed, for the search's `is:failing`. Worked out only while
   * something reads it, and again after any change of the entries.
   */
  readonly failing: ReadonlySet<number> = $derived(failingProxyIds(this.#entries.values()));

  /** The last run, with its summary, unless a run is under way or the user dismissed it. */
  get finishedRun(): ProxyChecksLastRun {
    const lastRun = this.lastRun;
    if (this.run || !lastRun || lastRun.number === this.#dismissedRun) return null;
    return lastRun;
  }

  dismissSummary(): void {
    if (this.lastRun) this.#dismissedRun = this.lastRun.number;
  }

  entry(proxyId: number): ProxyCheckEntry | undefined {
    return this.#entries.get(proxyId);
  }

  receive(delta: ProxyChecksDelta): void {
    if (!this.#replica.delta(delta)) return;
    this.#show([...delta.entries.map((entry) => entry.proxyId), ...delta.removed]);
  }

  load(): Promise<void> {
    return this.#ask(() => bridge().checks.list());
  }

  start(proxyIds: readonly number[]): Promise<void> {
    if (proxyIds.length === 0) return Promise.resolve();
    return this.#ask(() => bridge().checks.start({ proxyIds: [...proxyIds] }));
  }

  cancel(): Promise<void> {
    return this.#ask(() => bridge().checks.cancel());
  }

  async #ask(call: () => Promise<IpcResult<ProxyChecksView>>): Promise<void> {
    const held = this.#replica.value;
    const result = await this.#replica.ask(call, (answer) =>
      answer.ok ? checksStateOf(answer.value) : undefined,
    );
    if (!result.ok) toasts.error(result.error.message);
    // Deltas change the replica's value in place: another object means a base was taken.
    if (this.#replica.value !== held) this.#show();
  }

  /** Brings what rows read up to the replica: the proxies named, or all of them after a base. */
  #show(proxyIds?: Iterable<number>): void {
    const state = this.#replica.value;
    if (!state) return;
    syncMap(this.#entries, state.entries, sameCheckEntry, proxyIds);
    this.run = state.run;
    this.lastRun = state.lastRun;
  }
}

export const checks = new Checks();
