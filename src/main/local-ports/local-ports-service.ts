import type { Proxy } from '../../shared/api';
import { proxyTitle } from '../../shared/ipc/proxy-title';
import { sharedAddressesOf, type PlanOfAddresses } from '../../shared/ipc/shared-addresses';
import type {
  ConfigureLocalPortRequest,
  LocalPortView,
  OpenLocalPortRequest,
} from '../../shared/views/local-port-view';
import { UserFacingError } from '../errors/user-facing-error';
import { KeyedSerialQueue } from '../keyed-serial-queue';
import type { KeptPort } from './kept-ports-from-file';
import type { KeptPortsStore } from './kept-ports-store';
import { changedLocalPassword, makeLocalPassword } from './local-password';
import type { LocalPort, LocalPortOptions } from './local-port';
import { LocalPortError } from './local-port-error';
import { portStatsView } from './port-stats-view';
import { restartListener } from './restart-listener';

/** The proxy a port forwards to, as the plans service finds it in the active account's listing. */
export interface ProxyLookup {
  /** Throws a UserFacingError (`not_found`) when the proxy is not listed. */
  entry(proxyId: number): {
    accountId: string;
    /** Its plan, whose shared addresses decide how the port's proxy is named. */
    plan: PlanOfAddresses;
    proxy: Proxy;
    label: string | null;
  };
}

export interface LocalPortsServiceOptions {
  plans: ProxyLookup;
  /** Starts a listener: startLocalPort in the app, the same in tests. */
  start: (options: LocalPortOptions) => Promise<LocalPort>;
  /** The ports each account keeps across restarts. */
  kept: Pick<
    KeptPortsStore,
    'forAccount' | 'keep' | 'forget' | 'keepsBrowserProfile' | 'setKeepBrowserProfile'
  >;
  /**
   * Whether an account's kept ports reopen after its first listing: the app's, and a foreground
   * `proxy-tray port`'s; not a command that lives for one answer (it would take their numbers for a
   * moment, and move a kept port whose number something else holds). True where omitted.
   */
  reopenKept?: boolean;
  /** How the upstream is spoken to unless a port says otherwise: the checks' setting. */
  defaultProtocol: () => 'http' | 'socks5';
  /** The most ports open at once (a setting). */
  maxPorts: () => number;
  /** Each port's idle time and connection cap (settings), for ports opened from now on. */
  connectionLimits: () => Pick<LocalPortOptions, 'deadlines' | 'maxConnections'>;
  /**
   * Ports opened, changed or closed: the popup and the tray list them. `notice` says why when
   * a port changed on its own (its proxy left the listing, its kept number was taken).
   */
  onChange: (notice?: string) => void;
}

interface Settings {
  protocol: 'http' | 'socks5';
  localPassword: string | null;
  keep: boolean;
}

interface OpenPort extends Settings {
  accountId: string;
  proxyId: number;
  title: string;
  username: string;
  port: LocalPort;
}

/**
 * The local ports of the active account, one per proxy at most, in the main process: they live
 * on while the popup is closed, and close with the account (sign-out, switch) and the app; the
 * kept ones reopen when their account's plans are next listed. A port holds the upstream
 * password in memory only; nothing here hands it out or stores it.
 */
export class LocalPortsService {
  readonly #options: LocalPortsServiceOptions;
  readonly #ports = new Map<number, OpenPort>();
  /** Changes under way per proxy, one at a time, so two clicks on one proxy open one port. */
  readonly #queue = new KeyedSerialQueue<number>();
  /** The account whose kept ports were reopened; another account's are reopened afresh. */
  #restoredFor: string | undefined;

  constructor(options: LocalPortsServiceOptions) {
    this.#options = options;
  }

  list(): LocalPortView[] {
    return [...this.#ports.values()].map((open) => this.#viewOf(open));
  }

  /** The open port of a proxy, if any. */
  find(proxyId: number): LocalPortView | undefined {
    const open = this.#ports.get(proxyId);
    return open && this.#viewOf(open);
  }

  /** Whether the proxy's browser keeps its profile (the user's choice, on this computer). */
  keepsBrowserProfile(proxyId: number): boolean {
    const open = this.#ports.get(proxyId);
    return open !== undefined && this.#options.kept.keepsBrowserProfile(open.accountId, proxyId);
  }

  /** Opens a port for the proxy, or answers the one already open. */
  open(request: OpenLocalPortRequest): Promise<LocalPortView> {
    return this.#queue.run(request.proxyId, async () => {
      const existing = this.#ports.get(request.proxyId);
      if (existing) return this.#viewOf(existing);
      const max = this.#options.maxPorts();
      if (this.#ports.size >= max) {
        throw new UserFacingError(
          'invalid_input',
          `At most ${max} local ports can be open at once: stop one first, or raise the limit in Settings.`,
        );
      }
      const settings: Settings = {
        protocol: request.protocol ?? this.#options.defaultProtocol(),
        localPassword: request.requirePassword ? makeLocalPassword() : null,
        keep: request.keep ?? false,
      };
      const open = await this.#start(request.proxyId, request.port ?? 0, settings);
      this.#options.onChange(this.#remember(open));
      return this.#viewOf(open);
    });
  }

  /** Changes an open port: see ConfigureLocalPortRequest. */
  configure(request: ConfigureLocalPortRequest): Promise<LocalPortView> {
    return this.#queue.run(request.proxyId, async () => {
      const current = this.#ports.get(request.proxyId);
      if (!current) throw new UserFacingError('not_found', 'That local port is no longer open.');
      const settings: Settings = {
        protocol: request.protocol ?? current.protocol,
        localPassword: changedLocalPassword(current.localPassword, request.requirePassword),
        keep: request.keep ?? current.keep,
      };
      const number = request.port ?? current.port.port;
      const restart =
        number !== current.port.port ||
        settings.protocol !== current.protocol ||
        settings.localPassword !== current.localPassword;
      if (request.keepBrowserProfile !== undefined) {
        this.#options.kept.setKeepBrowserProfile(
          current.accountId,
          current.proxyId,
          request.keepBrowserProfile,
        );
      }
      let next: OpenPort = { ...current, ...settings };
      if (restart) {
        next = await restartListener({
          sameNumber: number === current.port.port,
          start: () => this.#start(current.proxyId, number, settings),
          stop: () => current.port.close(),
          // The port is closed, and the list must say so. Not reached by a test here: another
          // program must take the number in the moment between stop and start (restartListener's
          // own test calls `lost`); its mutant is left to survive.
          lost: () => {
            this.#ports.delete(current.proxyId);
            this.#options.onChange();
          },
        });
      }
      this.#options.onChange(this.#remember(next));
      return this.#viewOf(next);
    });
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

  /** Stops a proxy's port at the user's request (a kept one is no longer kept). */
  close(proxyId: number): Promise<void> {
    return this.#queue.run(proxyId, async () => {
      const open = this.#ports.get(proxyId);
      if (!open) return;
      this.#ports.delete(proxyId);
      this.#options.onChange(open.keep ? this.#forget(open.accountId, proxyId) : undefined);
      await open.port.close();
    });
  }

  /** Stops every port, e.g. on sign-out, an account switch and quit; kept ones stay kept. */
  async closeAll(): Promise<void> {
    this.#restoredFor = undefined;
    const all = [...this.#ports.values()];
    if (all.length === 0) return;
    this.#ports.clear();
    this.#options.onChange();
    await Promise.all(all.map((open) => open.port.close()));
  }

  /**
   * After a listing: ports of another account than the active one, and of proxies no longer in
   * its listing, close (the user hears of the latter by name: the proxy's password went with
   * it); then, once per account, its kept ports reopen.
   */
  async keepListed(
    accountId: string | undefined,
    isListed: (proxyId: number) => boolean,
  ): Promise<void> {
    const gone = [...this.#ports.values()].filter(
      (open) => open.accountId !== accountId || !isListed(open.proxyId),
    );
    if (gone.length > 0) {
      for (const open of gone) this.#ports.delete(open.proxyId);
      const unlisted = gone.filter((open) => open.accountId === accountId);
      // Forgetting a port that is not kept writes nothing (an equivalent mutant, left to survive).
      for (const open of unlisted) if (open.keep) this.#forget(open.accountId, open.proxyId);
      this.#options.onChange(
        unlisted.length === 0
          ? undefined
          : `Stopped the local ${unlisted.length === 1 ? 'port' : 'ports'} of ${unlisted
              .map((open) => `${open.title} (127.0.0.1:${open.port.port})`)
              .join(', ')}: no longer in your plans.`,
      );
      await Promise.all(gone.map((open) => open.port.close()));
    }
    if (
      accountId !== undefined &&
      this.#restoredFor !== accountId &&
      this.#options.reopenKept !== false
    ) {
      this.#restoredFor = accountId;
      await this.#reopenKept(accountId, isListed);
    }
  }

  async #reopenKept(accountId: string, isListed: (proxyId: number) => boolean): Promise<void> {
    const said: string[] = [];
    for (const kept of this.#options.kept.forAccount(accountId)) {
      if (!isListed(kept.proxyId) || this.#ports.has(kept.proxyId)) continue;
      if (this.#ports.size >= this.#options.maxPorts()) break;
      const settings: Settings = { ...kept, keep: true };
      try {
        await this.#queue.run(kept.proxyId, async () => {
          let open: OpenPort;
          try {
            open = await this.#start(kept.proxyId, kept.port, settings);
          } catch {
            // Its number is taken (another app, or a port of a crashed run): any free one.
            open = await this.#start(kept.proxyId, 0, settings);
            said.push(
              `The kept local port of ${open.title} moved from ${kept.port} to ${open.port.port}: ${kept.port} was taken.`,
            );
          }
          const problem = this.#remember(open);
          if (problem) said.push(problem);
        });
      } catch (error) {
        said.push(`A kept local port (${kept.port}) could not be reopened: ${messageOf(error)}`);
      }
    }
    if (said.length > 0 || this.#ports.size > 0)
      this.#options.onChange(said.join(' ') || undefined);
  }

  async #start(proxyId: number, number: number, settings: Settings): Promise<OpenPort> {
    const { accountId, plan, proxy, label } = this.#options.plans.entry(proxyId);
    let port: LocalPort;
    try {
      port = await this.#options.start({
        upstream: {
          protocol: settings.protocol,
          host: proxy.ip,
          port: proxy.port,
          username: proxy.username,
          password: proxy.password,
        },
        port: number,
        localPassword: settings.localPassword,
        ...this.#options.connectionLimits(),
      });
    } catch (error) {
      // startLocalPort throws only LocalPortErrors (the check as true is an equivalent mutant,
      // left to survive).
      if (error instanceof LocalPortError)
        throw new UserFacingError('invalid_input', error.message);
      throw error;
    }
    return {
      ...settings,
      accountId,
      proxyId,
      title: proxyTitle({ ...proxy, label }, sharedAddressesOf(plan)),
      username: proxy.username,
      port,
    };
  }

  /**
   * Keeps the port in memory, and in the file when it is kept (or no longer). A file that
   * cannot be written does not undo the port, which is open: the answer is what to tell.
   */
  #remember(open: OpenPort): string | undefined {
    this.#ports.set(open.proxyId, open);
    if (!open.keep) return this.#forget(open.accountId, open.proxyId);
    const kept: KeptPort = {
      proxyId: open.proxyId,
      port: open.port.port,
      protocol: open.protocol,
      localPassword: open.localPassword,
    };
    try {
      this.#options.kept.keep(open.accountId, kept);
      return undefined;
    } catch (error) {
      open.keep = false;
      return `The local port ${open.port.port} is open, but will not reopen at the next start: ${messageOf(error)}`;
    }
  }

  #forget(accountId: string, proxyId: number): string | undefined {
    try {
      this.#options.kept.forget(accountId, proxyId);
      return undefined;
    } catch (error) {
      return `A local port may reopen at the next start after all: ${messageOf(error)}`;
    }
  }

  #viewOf(open: OpenPort): LocalPortView {
    return viewOf(open, this.#options.kept.keepsBrowserProfile(open.accountId, open.proxyId));
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function viewOf(open: OpenPort, keepBrowserProfile: boolean): LocalPortView {
  return {
    proxyId: open.proxyId,
    title: open.title,
    username: open.username,
    host: open.port.host,
    port: open.port.port,
    protocol: open.protocol,
    requiresPassword: open.localPassword !== null,
    keep: open.keep,
    keepBrowserProfile,
    stats: portStatsView(open.port.stats()),
  };
}
