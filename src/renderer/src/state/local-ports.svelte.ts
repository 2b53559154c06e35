import { SvelteSet } from 'svelte/reactivity';
import type { IpcEventPayload } from '../../../shared/ipc/contract';
import type {
  ConfigureLocalPortRequest,
  LocalPortView,
} from '../../../shared/views/local-port-view';
import { bridge } from './bridge';
import { copyFeedback } from './copy-feedback.svelte';
import { proxyFailed } from './proxy-notices';
import { toasts } from './toasts.svelte';

/** How often the counters are read while ports are open and the popup is on screen. */
const STATS_EVERY_MS = 1000;

/**
 * The active account's local ports, as the main process runs them. Opening and closing are
 * announced; the counters (connections, bytes, last failure) are read once a second while any
 * port is open and the popup is visible, rather than pushed on every byte.
 */
class LocalPorts {
  list = $state.raw<readonly LocalPortView[]>([]);
  /** Proxies whose port is being opened or stopped: their buttons wait. */
  readonly busy = new SvelteSet<number>();
  #poll: ReturnType<typeof setInterval> | undefined;

  of(proxyId: number): LocalPortView | undefined {
    return this.list.find((port) => port.proxyId === proxyId);
  }

  receive(event: IpcEventPayload<'local-ports:changed'>): void {
    this.#accept(event.ports);
    if (event.notice) toasts.error(event.notice);
  }

  async load(): Promise<void> {
    const result = await bridge().localPorts.list();
    // Not worth a toast: the next change sends them again.
    if (result.ok) this.#accept(result.value);
  }

  /** Opens the proxy's port (or finds it open) and copies its HTTP address: ready to paste. */
  async openAndCopy(proxyId: number): Promise<void> {
    let opened = false;
    await this.#whileBusy(proxyId, async () => {
      const result = await bridge().localPorts.open({ proxyId });
      if (!result.ok) proxyFailed(proxyId, result.error);
      else {
        opened = true;
        if (!this.of(proxyId)) this.#accept([...this.list, result.value]);
      }
    });
    if (opened) await this.copy(proxyId, 'http');
  }

  /** Changes an open port (its number, protocol, password, or whether it is kept). */
  async configure(request: ConfigureLocalPortRequest): Promise<boolean> {
    let done = false;
    await this.#whileBusy(request.proxyId, async () => {
      const result = await bridge().localPorts.configure(request);
      if (!result.ok) proxyFailed(request.proxyId, result.error);
      else {
        done = true;
        this.#accept(
          this.list.map((port) => (port.proxyId === request.proxyId ? result.value : port)),
        );
      }
    });
    return done;
  }

  async close(proxyId: number): Promise<void> {
    await this.#whileBusy(proxyId, async () => {
      const result = await bridge().localPorts.close({ proxyId });
      if (!result.ok) proxyFailed(proxyId, result.error);
      else this.#accept(this.list.filter((port) => port.proxyId !== proxyId));
    });
  }

  /** Opens a browser through the proxy's local port (opened first if need be). */
  async openBrowser(proxyId: number): Promise<void> {
    await this.#whileBusy(proxyId, async () => {
      const result = await bridge().localPorts.openBrowser({ proxyId });
      if (!result.ok) {
        proxyFailed(proxyId, result.error);
        return;
      }
      const { browser, port } = result.value;
      if (!this.of(proxyId)) this.#accept([...this.list, port]);
      toasts.success(`${browser} opened through 127.0.0.1:${port.port} (${port.title})`);
    });
  }

  async copy(proxyId: number, scheme: 'http' | 'socks5'): Promise<void> {
    const result = await bridge().localPorts.copy({ proxyId, scheme });
    if (result.ok) copyFeedback.copied(result.value.description, result.value.clearsInSeconds);
    else proxyFailed(proxyId, result.error);
  }

  async #whileBusy(proxyId: number, work: () => Promise<void>): Promise<void> {
    if (this.busy.has(proxyId)) return;
    this.busy.add(proxyId);
    try {
      await work();
    } finally {
      this.busy.delete(proxyId);
    }
  }

  #accept(list: readonly LocalPortView[]): void {
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

export const localPorts = new LocalPorts();
