import { SvelteSet } from 'svelte/reactivity';
import { hostAndPort } from '../../../shared/credentials/url-parts';
import type { IpcEventPayload } from '../../../shared/ipc/contract';
import type {
  ConfigurePoolPortRequest,
  PoolPortView,
  PoolSource,
} from '../../../shared/views/pool-port-view';
import { poolOpenedText } from '../lib/pool-port-text';
import { bridge } from './bridge';
import { copyFeedback } from './copy-feedback.svelte';
import { toasts } from './toasts.svelte';

/** How often the counters are read while pools are open and the popup is on screen. */
const STATS_EVERY_MS = 1000;

/**
 * The active account's pool ports, as the main process runs them. As with local ports, opening,
 * closing and changes are announced, and the counters (members' health, connections, bytes,
 * sessions) are read once a second while any pool is open and the popup is visible.
 */
class PoolPorts {
  list = $state.raw<readonly PoolPortView[]>([]);
  /** Pools being retuned or stopped: their controls wait. */
  readonly busy = new SvelteSet<string>();
  /** Sources being opened: a second click on the same item opens no second pool. */
  readonly #opening = new Set<string>();
  /**
   * The pool just opened, for the Local ports section to unfold on (it then clears it): the
   * new pool is where its address is copied, so it must be in view, not behind a fold.
   */
  revealed = $state<string | null>(null);
  #poll: ReturnType<typeof setInterval> | undefined;

  receive(event: IpcEventPayload<'pool-ports:changed'>): void {
    this.#accept(event.pools);
    if (event.notice) toasts.error(event.notice);
  }

  async load(): Promise<void> {
    const result = await bridge().poolPorts.list();
    // Not worth a toast: the next change sends them again.
    if (result.ok) this.#accept(result.value);
  }

  /** Opens a pool over the source; it copies nothing, the toast says where the address is. */
  async open(source: PoolSource): Promise<void> {
    const key = JSON.stringify(source);
    if (this.#opening.has(key)) return;
    this.#opening.add(key);
    try {
      const result = await bridge().poolPorts.open({ source });
      if (!result.ok) {
        toasts.error(result.error.message);
        return;
      }
      const pool = result.value;
      this.#replace(pool);
      this.revealed = pool.poolId;
      toasts.success(poolOpenedText(pool, hostAndPort(pool.host, pool.port)));
    } finally {
      this.#opening.delete(key);
    }
  }

  /**
   * Strategy, per-request or keep apply to new connections; a number or the password requirement
   * restarts the listener. Answers whether the pool took the change (a taken number is refused).
   */
  async configure(request: ConfigurePoolPortRequest): Promise<boolean> {
    let done = false;
    await this.#whileBusy(request.poolId, async () => {
      const result = await bridge().poolPorts.configure(request);
      if (result.ok) {
        done = true;
        this.#replace(result.value);
      } else toasts.error(result.error.message);
    });
    return done;
  }

  async close(poolId: string): Promise<void> {
    await this.#whileBusy(poolId, async () => {
      const result = await bridge().poolPorts.close({ poolId });
      if (result.ok) this.#accept(this.list.filter((pool) => pool.poolId !== poolId));
      else toasts.error(result.error.message);
    });
  }

  async copy(poolId: string, scheme: 'http' | 'socks5'): Promise<void> {
    const result = await bridge().poolPorts.copy({ poolId, scheme });
    if (result.ok) copyFeedback.copied(result.value.description, result.value.clearsInSeconds);
    else toasts.error(result.error.message);
  }

  async #whileBusy(poolId: string, work: () => Promise<void>): Promise<void> {
    if (this.busy.has(poolId)) return;
    this.busy.add(poolId);
    try {
      await work();
    } finally {
      this.busy.delete(poolId);
    }
  }

  /** The pool's new view in its place, or added: the event may have brought it already. */
  #replace(pool: PoolPortView): void {
    const known = this.list.some((each) => each.poolId === pool.poolId);
    this.#accept(
      known
        ? this.list.map((each) => (each.poolId === pool.poolId ? pool : each))
        : [...this.list, pool],
    );
  }

  #accept(list: readonly PoolPortView[]): void {
    this.list = list;
    if (list.length > 0 && this.#poll === undefined) {
      this.#poll = setInterval(() => {
        if (document.visibilityState === 'visible') void this.load();
      }, STATS_EVERY_MS);
    } else if (list.length === 0 && this.#poll !== undefined) {
      clearInterval(this.#poll);
      this.#poll = undefined;
    }
  }
}

export const poolPorts = new PoolPorts();
