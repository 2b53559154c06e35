import type { IpcResult } from '../../../shared/ipc/ipc-error';
import type { ProxyCheckEntry, ProxyChecksView } from '../../../shared/proxy-check/check-view';
import { bridge } from './bridge';
import { toasts } from './toasts.svelte';

const NO_CHECKS: ProxyChecksView = { entries: [], run: null };

/** Proxy checks as the main process runs them: each proxy's status and the current run's progress. */
class Checks {
  view = $state.raw<ProxyChecksView>(NO_CHECKS);
  /** Counts 'checks:changed' events: an answer older than an event must not overwrite it. */
  #events = 0;
  readonly #byProxy = $derived(new Map(this.view.entries.map((entry) => [entry.proxyId, entry])));

  entry(proxyId: number): ProxyCheckEntry | undefined {
    return this.#byProxy.get(proxyId);
  }

  receive(view: ProxyChecksView): void {
    this.#events += 1;
    this.view = view;
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
    const eventsBefore = this.#events;
    const result = await call();
    if (!result.ok) toasts.error(result.error.message);
    else if (this.#events === eventsBefore) this.view = result.value;
  }
}

export const checks = new Checks();
