import { randomBytes } from 'node:crypto';
import {
  POOL_VIEW_MEMBERS,
  type ConfigurePoolPortRequest,
  type OpenPoolPortRequest,
  type PoolMemberView,
  type PoolPortView,
  type PoolSource,
} from '../../shared/views/pool-port-view';
import { UserFacingError } from '../errors/user-facing-error';
import { KeyedSerialQueue } from '../keyed-serial-queue';
import type { ListenerOptions } from '../local-ports/local-port';
import { LocalPortError } from '../local-ports/local-port-error';
import { changedLocalPassword, makeLocalPassword } from '../local-ports/local-password';
import { portStatsView } from '../local-ports/port-stats-view';
import { restartListener } from '../local-ports/restart-listener';
import type { MemberView, Probe } from './pool';
import { poolMembersOf, type PoolListing } from './pool-members';
import type { KeptPoolsStore } from './kept-pools-store';
import type { PoolPort, PoolPortOptions } from './pool-port';
import type { PoolStrategy } from './strategy';

/** The active account's listing as pools draw on it, with what names its plans and proxies. */
export interface PoolsListing extends PoolListing {
  readonly accountId: string;
  /** A proxy's name as the popup shows it (its label, else host:port). */
  titleOf(proxyId: number): string;
}

export interface PoolPortsServiceOptions {
  /** The active account's listing now; null when signed out or not listed yet. */
  listing: () => PoolsListing | null;
  /** Starts a pool port: startPoolPort in the app, the same in tests. */
  start: (options: PoolPortOptions) => Promise<PoolPort>;
  /** Readmits a benched member (the check's echo through it, in the app). */
  probe: Probe;
  /** How the members are spoken to unless a pool says otherwise: the checks' setting. */
  defaultProtocol: () => 'http' | 'socks5';
  /** The most pool ports open at once (the local ports' setting). */
  maxPools: () => number;
  /** Each port's idle time and connection cap (settings), for pools opened from now on. */
  connectionLimits: () => Pick<ListenerOptions, 'deadlines' | 'maxConnections'>;
  /** The pools each account keeps across restarts. */
  kept: Pick<KeptPoolsStore, 'forAccount' | 'keep' | 'forget'>;
  /**
   * Whether an account's kept pools reopen after its first listing (the app's); not a command
   * that lives for one answer. True where omitted.
   */
  reopenKept?: boolean;
  /** Pools opened, changed or closed; `notice` says why when one changed on its own. */
  onChange: (notice?: string) => void;
}

/** What a pool is opened with, whether the user asked now or it was kept. */
interface PoolSettings {
  poolId: string;
  source: PoolSource;
  port: number;
  protocol: 'http' | 'socks5';
  strategy: PoolStrategy;
  perRequest: boolean;
  localPassword: string | null;
}

interface OpenPool {
  poolId: string;
  accountId: string;
  source: PoolSource;
  title: string;
  protocol: 'http' | 'socks5';
  localPassword: string | null;
  keep: boolean;
  port: PoolPort;
}

/**
 * The pool ports of the active account, in the main process: they live on while the popup is
 * closed, follow the listing (a proxy that leaves it, or leaves the search, leaves the pool; one
 * that comes to match joins) and close with their account. Each holds its members' passwords in
 * memory only.
 */
export class PoolPortsService {
  readonly #options: PoolPortsServiceOptions;
  readonly #pools = new Map<string, OpenPool>();
  /** Changes under way per pool, one at a time (a restart takes a number and closes a listener). */
  readonly #queue = new KeyedSerialQueue<string>();
  /** The account whose kept pools were reopened; another account's are reopened afresh. */
  #restoredFor: string | undefined;

  constructor(options: PoolPortsServiceOptions) {
    this.#options = options;
  }

  list(): PoolPortView[] {
    return [...this.#pools.values()].map((open) => this.#viewOf(open));
  }

  /** An open pool's view; throws a UserFacingError (`not_found`) when it is not open. */
  find(poolId: string): PoolPortView {
    return this.#viewOf(this.#find(poolId));
  }

  async open(request: OpenPoolPortRequest): Promise<PoolPortView> {
    const listing = this.#options.listing();
    if (listing === null) {
      throw new UserFacingError(
        'not_found',
        'Your plans are not listed yet: try again in a moment.',
      );
    }
    const max = this.#options.maxPools();
    if (this.#pools.size >= max) {
      throw new UserFacingError(
        'invalid_input',
        `At most ${max} pool ports can be open at once: stop one first, or raise the limit in Settings.`,
      );
    }
    const open = await this.#start(listing, {
      poolId: randomBytes(6).toString('hex'),
      source: request.source,
      port: request.port ?? 0,
      protocol: request.protocol ?? this.#options.defaultProtocol(),
      strategy: request.strategy ?? 'round-robin',
      perRequest: request.perRequest ?? false,
      localPassword: request.requirePassword ? makeLocalPassword() : null,
    });
    open.keep = request.keep ?? false;
    this.#options.onChange(this.#remember(open));
    return this.#viewOf(open);
  }

  /** Starts a pool over its source's members now; refused in words when it has none. */
  async #start(listing: PoolsListing, settings: PoolSettings): Promise<OpenPool> {
    const members = poolMembersOf(settings.source, listing);
    if (members.length === 0) {
      throw new UserFacingError(
        'invalid_input',
        `${sourceTitle(settings.source, listing)} has no proxy to pool (blocked and expired plans' proxies are left out).`,
      );
    }
    let port: PoolPort;
    try {
      port = await this.#options.start({
        members,
        protocol: settings.protocol,
        strategy: settings.strategy,
        perRequest: settings.perRequest,
        probe: this.#options.probe,
        port: settings.port,
        localPassword: settings.localPassword,
        ...this.#options.connectionLimits(),
      });
    } catch (error) {
      if (error instanceof LocalPortError)
        throw new UserFacingError('invalid_input', error.message);
      throw error;
    }
    const open: OpenPool = {
      poolId: settings.poolId,
      accountId: listing.accountId,
      source: settings.source,
      title: sourceTitle(settings.source, listing),
      protocol: settings.protocol,
      localPassword: settings.localPassword,
      // Stryker disable next-line BooleanLiteral: every caller sets keep itself (open, restart, reopen)
      keep: false,
      port,
    };
    this.#pools.set(open.poolId, open);
    return open;
  }

  /**
   * Strategy and per-request for the connections that open from now on; `keep` for the next
   * start. A new number or password requirement restarts the listener (its connections end, as
   * a local port's do): a new number is taken before the old one is let go, so a refusal (taken,
   * say) leaves the pool as it was.
   */
  configure(request: ConfigurePoolPortRequest): Promise<PoolPortView> {
    return this.#queue.run(request.poolId, async () => {
      let open = this.#find(request.poolId);
      const localPassword = changedLocalPassword(open.localPassword, request.requirePassword);
      const number = request.port ?? open.port.port;
      if (number !== open.port.port || localPassword !== open.localPassword) {
        open = await this.#restart(open, number, localPassword);
      }
      if (request.strategy !== undefined) open.port.setStrategy(request.strategy);
      if (request.perRequest !== undefined) open.port.setPerRequest(request.perRequest);
      if (request.keep !== undefined) open.keep = request.keep;
      this.#options.onChange(this.#remember(open));
      return this.#viewOf(open);
    });
  }

  /** The same pool on `number`, with `localPassword`: see configure. */
  async #restart(open: OpenPool, number: number, localPassword: string | null): Promise<OpenPool> {
    const listing = this.#options.listing();
    if (listing === null || listing.accountId !== open.accountId) {
      throw new UserFacingError('not_found', 'That pool port is no longer open.');
    }
    const settings: PoolSettings = {
      poolId: open.poolId,
      source: open.source,
      port: number,
      protocol: open.protocol,
      strategy: open.port.strategy,
      perRequest: open.port.perRequest,
      localPassword,
    };
    const next = await restartListener({
      sameNumber: number === open.port.port,
      start: () => this.#start(listing, settings),
      stop: () => open.port.close(),
      // The pool is closed, and the list must say so.
      lost: () => {
        this.#pools.delete(open.poolId);
        this.#options.onChange(open.keep ? this.#forget(open.accountId, open.poolId) : undefined);
      },
    });
    next.keep = open.keep;
    return next;
  }

  /** The local password of a pool that requires one, for a copy the user asked for. */
  localPassword(poolId: string): string {
    const open = this.#find(poolId);
    if (open.localPassword === null) {
      throw new UserFacingError('invalid_input', 'That pool port needs no password.');
    }
    return open.localPassword;
  }

  close(poolId: string): Promise<void> {
    return this.#queue.run(poolId, async () => {
      const open = this.#pools.get(poolId);
      if (!open) return;
      this.#pools.delete(poolId);
      // Stopped by the user: a kept pool is no longer kept.
      this.#options.onChange(open.keep ? this.#forget(open.accountId, poolId) : undefined);
      await open.port.close();
    });
  }

  /** Stops every pool, e.g. on sign-out, an account switch and quit. */
  async closeAll(): Promise<void> {
    this.#restoredFor = undefined;
    const all = [...this.#pools.values()];
    if (all.length === 0) return;
    this.#pools.clear();
    this.#options.onChange();
    await Promise.all(all.map((open) => open.port.close()));
  }

  /**
   * After a listing: pools of another account than the active one close; the others take their
   * members from it (a pool left with none keeps listening, and says so in its view).
   */
  async keepListed(): Promise<void> {
    const listing = this.#options.listing();
    const gone = [...this.#pools.values()].filter(
      (open) => listing === null || open.accountId !== listing.accountId,
    );
    for (const open of gone) this.#pools.delete(open.poolId);
    // Equivalent ConditionalExpression mutant, left to survive (a disable comment would hide its
    // killed twins too): without a listing every pool is gone above, so the loop has none.
    if (listing !== null) {
      for (const open of this.#pools.values()) {
        open.port.setMembers(poolMembersOf(open.source, listing));
        open.title = sourceTitle(open.source, listing);
      }
    }
    if (gone.length > 0 || this.#pools.size > 0) this.#options.onChange();
    await Promise.all(gone.map((open) => open.port.close()));
    if (
      listing !== null &&
      this.#restoredFor !== listing.accountId &&
      this.#options.reopenKept !== false
    ) {
      this.#restoredFor = listing.accountId;
      await this.#reopenKept(listing);
    }
  }

  /** Reopens the account's kept pools: on their numbers, else any free one (said). */
  async #reopenKept(listing: PoolsListing): Promise<void> {
    const said: string[] = [];
    for (const kept of this.#options.kept.forAccount(listing.accountId)) {
      if (this.#pools.has(kept.poolId)) continue;
      if (this.#pools.size >= this.#options.maxPools()) break;
      const title = sourceTitle(kept.source, listing);
      try {
        let open: OpenPool;
        try {
          open = await this.#start(listing, kept);
        } catch (error) {
          if (!(error instanceof UserFacingError) || !/already in use/.test(error.message)) {
            throw error;
          }
          open = await this.#start(listing, { ...kept, port: 0 });
          said.push(
            `The kept pool port of ${title} moved from ${kept.port} to ${open.port.port}: ${kept.port} was taken.`,
          );
        }
        open.keep = true;
        const problem = this.#remember(open);
        if (problem) said.push(problem);
      } catch (error) {
        said.push(
          `The kept pool port of ${title} (${kept.port}) could not be reopened: ${messageOf(error)}`,
        );
      }
    }
    if (said.length > 0 || this.#pools.size > 0)
      this.#options.onChange(said.join(' ') || undefined);
  }

  /**
   * Keeps the pool in the file when it is kept (or no longer). A file that cannot be written does
   * not undo the pool, which is open: the answer is what to tell.
   */
  #remember(open: OpenPool): string | undefined {
    if (!open.keep) return this.#forget(open.accountId, open.poolId);
    try {
      this.#options.kept.keep(open.accountId, {
        poolId: open.poolId,
        source: open.source,
        port: open.port.port,
        protocol: open.protocol,
        strategy: open.port.strategy,
        perRequest: open.port.perRequest,
        localPassword: open.localPassword,
      });
      return undefined;
    } catch (error) {
      open.keep = false;
      return `The pool port ${open.port.port} is open, but will not reopen at the next start: ${messageOf(error)}`;
    }
  }

  #forget(accountId: string, poolId: string): string | undefined {
    try {
      this.#options.kept.forget(accountId, poolId);
      return undefined;
    } catch (error) {
      return `A pool port may reopen at the next start after all: ${messageOf(error)}`;
    }
  }

  #find(poolId: string): OpenPool {
    const open = this.#pools.get(poolId);
    if (!open) throw new UserFacingError('not_found', 'That pool port is no longer open.');
    return open;
  }

  #viewOf(open: OpenPool): PoolPortView {
    const listing = this.#options.listing();
    const members = open.port.members();
    const benched = members.filter((member) => member.benched !== null);
    const shown = [...members]
      .sort(
        (a, b) =>
          Number(b.benched !== null) - Number(a.benched !== null) ||
          b.totalConnections - a.totalConnections,
      )
      .slice(0, POOL_VIEW_MEMBERS);
    return {
      poolId: open.poolId,
      source: open.source,
      title: open.title,
      host: open.port.host,
      port: open.port.port,
      protocol: open.protocol,
      strategy: open.port.strategy,
      perRequest: open.port.perRequest,
      requiresPassword: open.localPassword !== null,
      keep: open.keep,
      memberCount: members.length,
      benchedCount: benched.length,
      members: shown.map((member) => memberView(member, listing)),
      stats: portStatsView(open.port.stats()),
    };
  }
}

function memberView(member: MemberView, listing: PoolsListing | null): PoolMemberView {
  return {
    proxyId: member.id,
    title: listing?.titleOf(member.id) ?? `Proxy ${member.id}`,
    benched: member.benched && {
      until: member.benched.until.toISOString(),
      reason: member.benched.reason,
    },
    openConnections: member.openConnections,
    totalConnections: member.totalConnections,
    bytesUp: member.bytesUp,
    bytesDown: member.bytesDown,
    sessions: member.sessions,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** What a pool's source is called in the popup, the tray and the command line. */
export function sourceTitle(source: PoolSource, listing: PoolListing): string {
  const planTitle = (planId: number) => {
    const plan = listing.plans.find((candidate) => candidate.id === planId);
    return plan ? `Plan ${plan.name}` : `Plan ${planId}`;
  };
  switch (source.kind) {
    case 'plan':
      return planTitle(source.planId);
    case 'search':
      return source.planId === undefined
        ? `Search “${source.query}”`
        : `Search “${source.query}” in ${planTitle(source.planId)}`;
    case 'pinned':
      return 'Pinned proxies';
  }
}
