import type { Proxy } from '../../shared/api';
import { proxyTitle } from '../../shared/ipc/proxy-title';
import type { LocalPortView, OpenLocalPortRequest } from '../../shared/local-ports/local-port-view';
import { UserFacingError } from '../ipc/error-to-ipc';
import { makeLocalPassword } from './local-password';
import type { LocalPort, LocalPortOptions } from './local-port';
import { LocalPortError } from './local-port-error';

/** The proxy a port forwards to, as the plans service finds it in the active account's listing. */
export interface ProxyLookup {
  /** Throws a UserFacingError (`not_found`) when the proxy is not listed. */
  entry(proxyId: number): { accountId: string; proxy: Proxy; label: string | null };
}

export interface LocalPortsServiceOptions {
  plans: ProxyLookup;
  /** Starts a listener: startLocalPort in the app, the same in tests. */
  start: (options: LocalPortOptions) => Promise<LocalPort>;
  /** How the upstream is spoken to unless a port says otherwise: the checks' setting. */
  defaultProtocol: () => 'http' | 'socks5';
  /** The most ports open at once (a setting). */
  maxPorts: () => number;
  /**
   * Ports opened or closed: the popup and the tray list them. `notice` says why when a port
   * closed on its own (its proxy left the listing).
   */
  onChange: (notice?: string) => void;
}

interface OpenPort {
  accountId: string;
  proxyId: number;
  title: string;
  username: string;
  protocol: 'http' | 'socks5';
  localPassword: string | null;
  port: LocalPort;
}

/**
 * The local ports of the active account, one per proxy at most, in the main process: they live
 * on while the popup is closed, and close with the account (sign-out, switch) and the app. A port
 * holds the upstream password in memory only; nothing here hands it out.
 */
export class LocalPortsService {
  readonly #options: LocalPortsServiceOptions;
  readonly #ports = new Map<number, OpenPort>();
  /** Opens under way, so that two clicks on one proxy open one port. */
  readonly #opening = new Map<number, Promise<LocalPortView>>();

  constructor(options: LocalPortsServiceOptions) {
    this.#options = options;
  }

  list(): LocalPortView[] {
    return [...this.#ports.values()].map(viewOf);
  }

  /** The open port of a proxy, if any. */
  find(proxyId: number): LocalPortView | undefined {
    const open = this.#ports.get(proxyId);
    return open && viewOf(open);
  }

  /** Opens a port for the proxy, or answers the one already open. */
  open(request: OpenLocalPortRequest): Promise<LocalPortView> {
    const existing = this.#ports.get(request.proxyId);
    if (existing) return Promise.resolve(viewOf(existing));
    const pending = this.#opening.get(request.proxyId);
    if (pending) return pending;
    const opening = this.#open(request).finally(() => this.#opening.delete(request.proxyId));
    this.#opening.set(request.proxyId, opening);
    return opening;
  }

  async #open(request: OpenLocalPortRequest): Promise<LocalPortView> {
    const max = this.#options.maxPorts();
    if (this.#ports.size + this.#opening.size >= max) {
      throw new UserFacingError(
        'invalid_input',
        `At most ${max} local ports can be open at once: stop one first, or raise the limit in Settings.`,
      );
    }
    const { accountId, proxy, label } = this.#options.plans.entry(request.proxyId);
    const protocol = request.protocol ?? this.#options.defaultProtocol();
    const localPassword = request.requirePassword ? makeLocalPassword() : null;
    let port: LocalPort;
    try {
      port = await this.#options.start({
        upstream: {
          protocol,
          host: proxy.ip,
          port: proxy.port,
          username: proxy.username,
          password: proxy.password,
        },
        port: request.port ?? 0,
        localPassword,
      });
    } catch (error) {
      if (error instanceof LocalPortError)
        throw new UserFacingError('invalid_input', error.message);
      throw error;
    }
    const open: OpenPort = {
      accountId,
      proxyId: proxy.id,
      title: proxyTitle({ ip: proxy.ip, port: proxy.port, label }),
      username: proxy.username,
      protocol,
      localPassword,
      port,
    };
    this.#ports.set(proxy.id, open);
    this.#options.onChange();
    return viewOf(open);
  }

  /** The local password of a port that requires one, for a copy the user asked for. */
  localPassword(proxyId: number): string {
    const open = this.#ports.get(proxyId);
    if (!open) throw new UserFacingError('not_found', 'That local port is no longer open.');
    if (open.localPassword === null) {
      throw new UserFacingError('invalid_input', 'That local port needs no password.');
    }
    return open.localPassword;
  }

  /** Stops a proxy's port; one already stopped is not an error. */
  async close(proxyId: number): Promise<void> {
    const open = this.#ports.get(proxyId);
    if (!open) return;
    this.#ports.delete(proxyId);
    this.#options.onChange();
    await open.port.close();
  }

  /** Stops every port, e.g. on sign-out, an account switch and quit. */
  async closeAll(): Promise<void> {
    const all = [...this.#ports.values()];
    if (all.length === 0) return;
    this.#ports.clear();
    this.#options.onChange();
    await Promise.all(all.map((open) => open.port.close()));
  }

  /**
   * After a refresh: ports of another account than the active one, and of proxies no longer in
   * its listing, close; the user hears of each such proxy by name (its password went with it).
   */
  async keepListed(accountId: string | undefined, isListed: (proxyId: number) => boolean) {
    const gone = [...this.#ports.values()].filter(
      (open) => open.accountId !== accountId || !isListed(open.proxyId),
    );
    if (gone.length === 0) return;
    for (const open of gone) this.#ports.delete(open.proxyId);
    const unlisted = gone.filter((open) => open.accountId === accountId);
    this.#options.onChange(
      unlisted.length === 0
        ? undefined
        : `Stopped the local ${unlisted.length === 1 ? 'port' : 'ports'} of ${unlisted
            .map((open) => `${open.title} (127.0.0.1:${open.port.port})`)
            .join(', ')}: no longer in your plans.`,
    );
    await Promise.all(gone.map((open) => open.port.close()));
  }
}

function viewOf(open: OpenPort): LocalPortView {
  const stats = open.port.stats();
  return {
    proxyId: open.proxyId,
    title: open.title,
    username: open.username,
    host: open.port.host,
    port: open.port.port,
    protocol: open.protocol,
    requiresPassword: open.localPassword !== null,
    stats: {
      openConnections: stats.openConnections,
      totalConnections: stats.totalConnections,
      bytesUp: stats.bytesUp,
      bytesDown: stats.bytesDown,
      lastError: stats.lastError && {
        message: stats.lastError.message,
        at: stats.lastError.at.toISOString(),
      },
    },
  };
}
