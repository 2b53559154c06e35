import type { Socket } from 'node:net';
import type { Binding, Route } from '../local-ports/relay/route';
import type { UpstreamFailure } from '../local-ports/relay/upstream-failure';
import type { UpstreamProxy } from '../upstream/upstream-proxy';
import { Member, type PoolMember } from './pool-member';
import { pickMember, type PoolStrategy } from './strategy';
import { DEFAULT_SESSION_IDLE_MS, Sessions, sessionOf } from './sessions';

/** How many times a connection moves to another upstream after a failure, before it fails. */
export const MAX_MOVES = 3;

/**
 * How long a member on trial (pool-member.ts) waits for its trial connection before it is given
 * another: a live proxy opens well within it, a hanging one is benched at the tunnel's deadline.
 */
export const TRIAL_MS = 5_000;

/**
 * Readmits a benched member: resolves true when a request through it came back (the check's
 * echo, in the app). Any other outcome, a rejection included, leaves it benched for longer.
 */
export type Probe = (upstream: UpstreamProxy, signal: AbortSignal) => Promise<boolean>;

export interface PoolOptions {
  members: readonly PoolMember[];
  protocol: UpstreamProxy['protocol'];
  strategy?: PoolStrategy;
  sessionIdleMs?: number;
  /** A new upstream for each plain HTTP request (CONNECT tunnels cannot be split). */
  perRequest?: boolean;
  /** Without one, a bench simply ends when its time is up. */
  probe?: Probe;
  /** The clock (tests); `Date.now` by default. */
  now?: () => number;
}

/** A member as the Local ports section shows it. */
export interface MemberView {
  id: number;
  benched: { until: Date; reason: string } | null;
  openConnections: number;
  totalConnections: number;
  bytesUp: number;
  bytesDown: number;
  /** Sessions whose connections it holds. */
  sessions: number;
}

/**
 * The failures that say the upstream itself is down or will not have us — benched, and the
 * connection moved. A destination the upstream could not reach (`target_refused`) is not the
 * upstream's fault: benching for it would empty the pool over one dead site.
 */
const UPSTREAM_FAULTS = new Set<UpstreamFailure['kind']>([
  'auth_refused',
  'unreachable',
  'dns',
  'closed',
  'timeout',
  'bad_answer',
]);

/**
 * A pool: the route of a pool port (route.ts), spreading app connections over its members by a
 * strategy, keeping sessions on their upstream, benching a member whose connection failed by its
 * own fault and moving that connection to another (up to MAX_MOVES times), and readmitting a
 * benched member once a probe through it works. One connection keeps one upstream for its life.
 */
export class Pool implements Route {
  readonly protocol: UpstreamProxy['protocol'];
  readonly #sessions: Sessions;
  #perRequest: boolean;
  readonly #probe: Probe | undefined;
  readonly #now: () => number;
  readonly #turn = { next: 0 };
  readonly #probes = new AbortController();
  readonly #sweeper: NodeJS.Timeout;
  #members: Member[] = [];
  #strategy: PoolStrategy;
  #closed = false;

  constructor(options: PoolOptions) {
    this.protocol = options.protocol;
    this.#strategy = options.strategy ?? 'round-robin';
    this.#sessions = new Sessions(options.sessionIdleMs ?? DEFAULT_SESSION_IDLE_MS);
    this.#perRequest = options.perRequest ?? false;
    this.#probe = options.probe;
    this.#now = options.now ?? Date.now;
    this.setMembers(options.members);
    // Idle sessions are forgotten at the pace of their idle time, so the map stays small.
    this.#sweeper = setInterval(
      // Stryker disable next-line ArrowFunction: memory only; an idle session is forgotten when next looked up (sessions.ts) and counted nowhere
      () => this.#sessions.sweep(this.#now()),
      // Stryker disable next-line MethodExpression: how often memory is swept; no session's upstream or count depends on it
      Math.max(1_000, this.#sessions.idleMs),
    );
    this.#sweeper.unref();
  }

  get strategy(): PoolStrategy {
    return this.#strategy;
  }

  /** Takes effect for connections that open from now on. */
  setStrategy(strategy: PoolStrategy): void {
    this.#strategy = strategy;
  }

  get perRequest(): boolean {
    return this.#perRequest;
  }

  /** Takes effect for connections that open from now on. */
  setPerRequest(perRequest: boolean): void {
    this.#perRequest = perRequest;
  }

  /**
   * The members from now on. A member whose proxy stays (same id, address and login) keeps its
   * health and counts; one that left has its connections ended (its password may no longer be
   * good, and the user took it out).
   */
  setMembers(members: readonly PoolMember[]): void {
    const current = new Map(this.#members.map((member) => [member.id, member]));
    const next = members.map((given) => {
      const kept = current.get(given.id);
      if (kept?.leadsTo(given.entry)) {
        current.delete(given.id);
        kept.latencyMs = given.latencyMs;
        return kept;
      }
      return new Member(given.id, given.entry, this.protocol, given.latencyMs);
    });
    for (const gone of current.values()) this.#drop(gone);
    this.#members = next;
  }

  members(): MemberView[] {
    const now = this.#now();
    const sessions = this.#sessions.countByMember(now);
    return this.#members.map((member) => {
      const bench = member.health.bench;
      return {
        id: member.id,
        benched: bench && { until: new Date(bench.until), reason: bench.reason },
        ...member.traffic.snapshot(),
        sessions: sessions.get(member) ?? 0,
      };
    });
  }

  bind(username: string | null): Binding {
    // Equivalent StringLiteral mutant, left to survive (a disable comment would hide its killed
    // twins too): any key serves that no named session can have ('' is one: an id has a character
    // at least).
    const session = sessionOf(username) ?? (this.#strategy === 'sticky' ? '' : null);
    const tried = new Set<Member>();
    let current: Member | null = null;
    let moves = 0;
    return {
      perRequest: this.#perRequest,
      choose: () => {
        if (current !== null && !current.removed) return current.upstream;
        current = this.#choose(session, tried);
        if (current === null) return null;
        tried.add(current);
        return current.upstream;
      },
      opened: (socket: Socket, ms: number) => {
        if (current === null) return;
        current.proven = true;
        current.trialSince = null;
        current.connectedIn(ms);
        current.health.succeeded();
        current.traffic.opened(socket);
        // Equivalent ConditionalExpression mutant, left to survive (a disable comment would hide
        // its killed twins too): a null session is held by no one, so connectionOpened would change
        // nothing.
        if (session !== null) {
          const closed = this.#sessions.connectionOpened(session, this.#now);
          socket.once('close', closed);
        }
      },
      failed: (failure: UpstreamFailure) => {
        if (current === null || !UPSTREAM_FAULTS.has(failure.kind)) return false;
        this.#benchMember(current, failure.message);
        current = null;
        moves += 1;
        return moves <= MAX_MOVES;
      },
      release: () => {
        current = null;
        tried.clear();
      },
    };
  }

  /** Ends the pool's timers and probes (its port closes the connections). */
  close(): void {
    this.#closed = true;
    clearInterval(this.#sweeper);
    this.#probes.abort();
    for (const member of this.#members) this.#clearBenchTimer(member);
  }

  /**
   * The upstream for a connection of `session` that has none, not one it `tried`: the session's
   * while it is fit, else the strategy's pick among the members not benched. When every member
   * is benched or tried, the benched one whose bench ends first is tried anyway (after a network
   * blip that benched them all, the pool comes back with the first connection that works).
   */
  #choose(session: string | null, tried: ReadonlySet<Member>): Member | null {
    const now = this.#now();
    const fits = (member: Member) => member.health.bench === null && !tried.has(member);
    // A member on trial takes one connection at a time (see `proven`), unless none else fits.
    const free = (member: Member) =>
      fits(member) &&
      (member.proven || member.trialSince === null || now - member.trialSince >= TRIAL_MS);
    // Equivalent ConditionalExpression mutant, left to survive (a disable comment would hide its
    // killed twins too): a null session is held by no one, so memberOf answers null too.
    const held = session === null ? null : this.#sessions.memberOf(session, now);
    if (held !== null && !held.removed && fits(held)) return held;
    const picked =
      pickMember(this.#strategy, this.#members, free, this.#turn) ??
      pickMember(this.#strategy, this.#members, fits, this.#turn) ??
      this.#soonestBack(tried);
    if (picked !== null && !picked.proven) picked.trialSince = now;
    if (picked !== null && session !== null) this.#sessions.hold(session, picked, now);
    return picked;
  }

  #soonestBack(tried: ReadonlySet<Member>): Member | null {
    let soonest: Member | null = null;
    let soonestUntil = Number.POSITIVE_INFINITY;
    for (const member of this.#members) {
      const until = member.health.bench?.until;
      // Equivalent ConditionalExpression mutant, left to survive (a disable comment would hide its
      // killed twins too): asked only when every member is benched or tried, so one not benched was
      // tried.
      if (until === undefined || tried.has(member) || until >= soonestUntil) continue;
      soonest = member;
      soonestUntil = until;
    }
    return soonest;
  }

  /** Benches `member` (unless it already is: connections failing together bench it once). */
  #benchMember(member: Member, reason: string): void {
    if (member.health.bench !== null || member.removed || this.#closed) return;
    // Back from its bench, it is on trial again.
    member.proven = false;
    member.trialSince = null;
    const until = member.health.benchFor(reason, this.#now());
    member.benchTimer = setTimeout(() => void this.#benchOver(member, reason), until - this.#now());
    member.benchTimer.unref();
  }

  /** A bench's time is up: a probe readmits the member, or benches it for longer. */
  async #benchOver(member: Member, reason: string): Promise<void> {
    member.benchTimer = null;
    if (this.#probe === undefined) return member.health.readmit();
    // Stryker disable next-line ArrowFunction: undefined is as false as false below
    const works = await this.#probe(member.upstream, this.#probes.signal).catch(() => false);
    // A member that left is benched no more (#benchMember): only a closed pool keeps its bench.
    if (this.#closed) return;
    member.health.readmit();
    if (!works) this.#benchMember(member, reason);
  }

  #drop(member: Member): void {
    member.removed = true;
    this.#clearBenchTimer(member);
    member.traffic.destroyAll();
  }

  #clearBenchTimer(member: Member): void {
    clearTimeout(member.benchTimer ?? undefined);
    member.benchTimer = null;
  }
}
