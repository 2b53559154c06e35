import type { UpstreamEntry, UpstreamProxy } from '../upstream/upstream-proxy';
import { MemberHealth } from './member-health';
import { MemberTraffic } from './member-traffic';

/** A proxy a pool spreads connections over, as its owner hands it in. */
export interface PoolMember {
  /** The proxy's id in the listing. */
  id: number;
  entry: UpstreamEntry;
  /** Its latest check's latency, if it was checked (the `fastest` strategy's first measure). */
  latencyMs: number | null;
}

/** Weight of the newest connect time in a member's running average. */
const CONNECT_TIME_WEIGHT = 0.3;

/** A member as the pool holds it: where it leads, how it is doing, what went through it. */
export class Member {
  readonly upstream: UpstreamProxy;
  readonly health = new MemberHealth();
  readonly traffic = new MemberTraffic();
  /** The pool's own measure of it: a running average of its connect times, once it has one. */
  connectMs: number | null = null;
  /** It left the pool (its proxy left the listing): no connection is bound to it again. */
  removed = false;
  /** The timer of its bench's end (a probe, or readmission), while benched. */
  benchTimer: NodeJS.Timeout | null = null;
  /**
   * A connection opened through it since it joined or was last readmitted. Until then it is on
   * trial: one connection at a time (`trialSince`), so that a proxy that hangs holds one app
   * connection until its deadline, not every connection the strategy sends its way meanwhile.
   */
  proven = false;
  /** When its trial connection was sent, while one is under way; null when none is. */
  trialSince: number | null = null;

  constructor(
    readonly id: number,
    entry: UpstreamEntry,
    protocol: UpstreamProxy['protocol'],
    public latencyMs: number | null,
  ) {
    this.upstream = { protocol, ...entry };
  }

  /** Whether `entry` is where this member leads, with the same login. */
  leadsTo(entry: UpstreamEntry): boolean {
    const { host, port, username, password } = this.upstream;
    return (
      entry.host === host &&
      entry.port === port &&
      entry.username === username &&
      entry.password === password
    );
  }

  connectedIn(ms: number): void {
    this.connectMs =
      this.connectMs === null
        ? ms
        : this.connectMs * (1 - CONNECT_TIME_WEIGHT) + ms * CONNECT_TIME_WEIGHT;
  }

  /** Its speed as the `fastest` strategy ranks it: the check's latency, else the pool's measure. */
  get speedMs(): number {
    return this.latencyMs ?? this.connectMs ?? Number.POSITIVE_INFINITY;
  }
}
