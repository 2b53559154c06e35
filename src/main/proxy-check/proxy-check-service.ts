import {
  CHECK_CONCURRENCY_MAX,
  CHECK_TIMEOUT_MS,
  type CheckProtocol,
} from '../../shared/proxy-check/check-reasons';
import type {
  ProxyCheckEntry,
  ProxyCheckResult,
  ProxyChecksDelta,
  ProxyChecksLastRun,
  ProxyChecksView,
} from '../../shared/views/check-view';
import { runHeadline, runSummary } from '../../shared/proxy-check/run-summary';
import type { CheckFailure } from './check-failure';
import { checkProxy, type CheckProxy, type CheckTarget } from './check-proxy';
import {
  ECHO_PROBE_DEADLINE_MS,
  probeEcho,
  type EchoProbe,
  type EchoProbeResult,
} from './echo-probe';
import { entryLabel } from './tunnel-agent';

/** How long an echo that answered stays trusted: runs in a row do not each wait for a probe. */
export const ECHO_PROBE_REUSE_MS = 60_000;

export interface ProxyCheckServiceOptions {
  /** The checker; the real one unless a test needs to see what the service asks of it. */
  check?: CheckProxy;
  /** The proxy's entry point and credentials; throws when the listing does not hold the id. */
  resolveTarget: (proxyId: number) => CheckTarget;
  /**
   * Read as a run starts: the echo is probed then, and every check of the run goes to the echo
   * the probe found answering.
   */
  echoUrl: () => string;
  /** Asks the echo directly as a run starts; the real probe unless a test needs another. */
  probeEcho?: EchoProbe;
  protocol: () => CheckProtocol;
  /** How many checks may run at once; clamped to 1…CHECK_CONCURRENCY_MAX. */
  concurrency: () => number;
  timeoutMs?: number;
  /** What changed since the last call, at most once per event-loop turn (see `#scheduleEmit`). */
  onChange: (delta: ProxyChecksDelta) => void;
  /** The clock of the results the service writes itself, and of the probes it reuses. */
  now?: () => Date;
}

type Run = NonNullable<ProxyChecksView['run']>;
type Entry = Omit<ProxyCheckEntry, 'proxyId'>;

/** The run's echo: checks begin only once its probe says it answers. */
interface RunEcho {
  url: string;
  reachable: boolean;
  /** Cancels the probe while it is under way. */
  probe: AbortController | null;
}

/**
 * Checks proxies a few at a time and keeps each proxy's last result. A run is the work pending
 * at any moment: proxies added while one is under way join it, and it ends when the queue
 * drains, with a one-line summary. Each run first asks the echo directly: when the echo fails,
 * no proxy is checked through it and each gets the echo's failure instead. Cancelled attempts
 * record nothing, so a proxy keeps the result it had before.
 */
export class ProxyCheckService {
  readonly #options: ProxyCheckServiceOptions;
  readonly #check: CheckProxy;
  /** Proxies with a result or a pending check, in the order they were first checked. */
  readonly #entries = new Map<number, Entry>();
  /** Waiting proxies; a Set keeps their order and makes dedupe and removal cheap. */
  readonly #queue = new Set<number>();
  readonly #inFlight = new Map<number, AbortController>();
  #run: Run | null = null;
  /** The proxies the current run covers, for its summary. */
  readonly #runProxies = new Set<number>();
  #runEcho: RunEcho | null = null;
  /** The last echo that answered a probe, and when: reused for a while by the next runs. */
  #reachableEcho: { url: string; at: number } | null = null;
  #lastRun: ProxyChecksLastRun = null;
  #runsEnded = 0;
  #emitScheduled = false;
  /** Proxies whose entry was added or changed since the last delta; never in `#removed`. */
  readonly #changed = new Set<number>();
  /** Proxies whose entry left the view since the last delta. */
  readonly #removed = new Set<number>();
  /** How many deltas went out. */
  #revision = 0;

  constructor(options: ProxyCheckServiceOptions) {
    this.#options = options;
    this.#check = options.check ?? checkProxy;
  }

  /**
   * Queues the proxies and returns at once. A proxy already queued or being checked is not
   * queued again; ids the listing does not hold are skipped (there is nothing to check).
   */
  start(proxyIds: readonly number[]): ProxyChecksView {
    for (const proxyId of proxyIds) {
      if (this.#queue.has(proxyId) || this.#inFlight.has(proxyId)) continue;
      if (!this.#isListed(proxyId)) continue;
      const last = this.#entries.get(proxyId)?.last ?? null;
      this.#setEntry(proxyId, { state: 'queued', last });
      this.#queue.add(proxyId);
      if (!this.#run) this.#startRun();
      this.#runProxies.add(proxyId);
      if (this.#run) this.#run.total += 1;
    }
    this.#pump();
    this.#scheduleEmit();
    return this.view();
  }

  /** Stops every check: those in flight are aborted (their sockets closed), queued ones dropped. */
  cancel(): ProxyChecksView {
    for (const [proxyId, controller] of this.#inFlight) {
      controller.abort();
      this.#settleIdle(proxyId);
    }
    this.#inFlight.clear();
    for (const proxyId of this.#queue) this.#settleIdle(proxyId);
    this.#queue.clear();
    // A cancelled run has no summary: the previous one was already replaced when it started.
    this.#clearRun();
    this.#scheduleEmit();
    return this.view();
  }

  /** Cancels and clears every result: another account's proxies are another set. */
  forget(): void {
    this.cancel();
    this.#lastRun = null;
    for (const proxyId of [...this.#entries.keys()]) this.#deleteEntry(proxyId);
  }

  /**
   * Drops the results and pending checks of proxies the listing no longer holds (asked through
   * `resolveTarget`, as `start` does): its cost follows the proxies checked, not the listing.
   */
  dropUnlisted(): void {
    const gone = [...this.#entries.keys()].filter((proxyId) => !this.#isListed(proxyId));
    if (gone.length === 0) return;
    for (const proxyId of gone) this.#drop(proxyId);
    this.#pump();
    this.#scheduleEmit();
  }

  /**
   * Everything, at the revision of the last delta sent. It may already hold changes the next
   * delta will bring: deltas set values, so laying that one over this view changes nothing.
   */
  view(): ProxyChecksView {
    return {
      revision: this.#revision,
      entries: [...this.#entries].map(([proxyId, entry]) => ({ proxyId, ...entry })),
      run: this.#run ? { ...this.#run } : null,
      lastRun: this.#lastRun,
    };
  }

  #isListed(proxyId: number): boolean {
    try {
      this.#options.resolveTarget(proxyId);
      return true;
    } catch {
      return false;
    }
  }

  /** A new run: the previous summary goes, and the echo is probed unless it answered lately. */
  #startRun(): void {
    this.#run = { total: 0, done: 0, failed: 0 };
    this.#lastRun = null;
    const url = this.#options.echoUrl();
    const reachable = this.#reachableEcho;
    if (reachable?.url === url && this.#nowMs() - reachable.at < ECHO_PROBE_REUSE_MS) {
      this.#runEcho = { url, reachable: true, probe: null };
      return;
    }
    const controller = new AbortController();
    const echo: RunEcho = { url, reachable: false, probe: controller };
    this.#runEcho = echo;
    const probe = this.#options.probeEcho ?? probeEcho;
    const attempt = async () => probe(url, ECHO_PROBE_DEADLINE_MS, controller.signal);
    attempt().then(
      (result) => this.#echoProbed(echo, result),
      // Cancelled (ignored there), or a probe that broke: the checks then go ahead, as they did
      // before there was a probe, and tell for themselves what fails.
      () => this.#echoProbed(echo, { reachable: true }),
    );
  }

  #echoProbed(echo: RunEcho, result: EchoProbeResult): void {
    // The run was cancelled or has ended since: the answer is nobody's.
    if (this.#runEcho !== echo) return;
    echo.probe = null;
    if (result.reachable) {
      echo.reachable = true;
      this.#reachableEcho = { url: echo.url, at: this.#nowMs() };
    } else {
      this.#failQueued(result.failure);
    }
    this.#pump();
    this.#scheduleEmit();
  }

  /** Every proxy waiting gets the echo's failure: none was checked, and none is blamed. */
  #failQueued(failure: CheckFailure): void {
    const result: ProxyCheckResult = {
      ok: false,
      protocol: this.#options.protocol(),
      reason: failure.reason,
      message: failure.message,
      checkedAt: (this.#options.now?.() ?? new Date()).toISOString(),
    };
    for (const proxyId of this.#queue) {
      this.#setEntry(proxyId, { state: 'idle', last: result });
      if (this.#run) {
        this.#run.done += 1;
        this.#run.failed += 1;
      }
    }
    this.#queue.clear();
  }

  #pump(): void {
    if (this.#runEcho?.reachable) {
      const limit = concurrencyLimit(this.#options.concurrency());
      for (const proxyId of this.#queue) {
        if (this.#inFlight.size >= limit) break;
        this.#queue.delete(proxyId);
        this.#begin(proxyId);
      }
    }
    if (this.#queue.size === 0 && this.#inFlight.size === 0) this.#endRun();
  }

  /** The queue drained: the run ends with a summary of the proxies it covered. */
  #endRun(): void {
    if (!this.#run) return;
    const results: ProxyCheckResult[] = [];
    for (const proxyId of this.#runProxies) {
      const last = this.#entries.get(proxyId)?.last;
      if (last) results.push(last);
    }
    const headline = runHeadline(results);
    const summary = runSummary(results);
    this.#runsEnded += 1;
    this.#lastRun =
      headline === null || summary === null ? null : { number: this.#runsEnded, headline, summary };
    this.#clearRun();
  }

  #clearRun(): void {
    this.#runEcho?.probe?.abort();
    this.#runEcho = null;
    this.#runProxies.clear();
    this.#run = null;
  }

  #nowMs(): number {
    return this.#options.now?.().getTime() ?? Date.now();
  }

  #begin(proxyId: number): void {
    let target: CheckTarget;
    try {
      // Resolved again now rather than kept from `start`: the freshest credentials, and no
      // passwords sitting in the queue.
      target = this.#options.resolveTarget(proxyId);
    } catch {
      // Gone from the listing since `start` (and `dropUnlisted` not called yet).
      this.#deleteEntry(proxyId);
      this.#runProxies.delete(proxyId);
      if (this.#run) this.#run.total -= 1;
      return;
    }
    const controller = new AbortController();
    this.#inFlight.set(proxyId, controller);
    this.#setEntry(proxyId, {
      state: 'checking',
      last: this.#entries.get(proxyId)?.last ?? null,
    });
    const protocol = this.#options.protocol();
    const echoUrl = this.#runEcho?.url ?? this.#options.echoUrl();
    const attempt = async () =>
      this.#check(target, {
        echoUrl,
        protocol,
        timeoutMs: this.#options.timeoutMs ?? CHECK_TIMEOUT_MS,
        signal: controller.signal,
      });
    attempt().then(
      (result) => this.#finish(proxyId, controller, result),
      () => this.#finish(proxyId, controller, this.#brokenCheck(target, protocol)),
    );
  }

  #finish(proxyId: number, controller: AbortController, result: ProxyCheckResult): void {
    // A cancelled or dropped attempt: its proxy has already moved on.
    if (controller.signal.aborted) return;
    this.#inFlight.delete(proxyId);
    this.#setEntry(proxyId, { state: 'idle', last: result });
    if (this.#run) {
      this.#run.done += 1;
      if (!result.ok) this.#run.failed += 1;
    }
    this.#pump();
    this.#scheduleEmit();
  }

  /** Back to idle with the previous result; a proxy never checked leaves the view. */
  #settleIdle(proxyId: number): void {
    const last = this.#entries.get(proxyId)?.last ?? null;
    if (last) this.#setEntry(proxyId, { state: 'idle', last });
    else this.#deleteEntry(proxyId);
  }

  /** Forgets the proxy entirely, taking it out of the current run. */
  #drop(proxyId: number): void {
    const pending = this.#queue.delete(proxyId) || this.#inFlight.has(proxyId);
    this.#inFlight.get(proxyId)?.abort();
    this.#inFlight.delete(proxyId);
    this.#deleteEntry(proxyId);
    this.#runProxies.delete(proxyId);
    if (pending && this.#run) this.#run.total -= 1;
  }

  /** Every write of an entry goes through here or `#deleteEntry`, so the next delta has it. */
  #setEntry(proxyId: number, entry: Entry): void {
    this.#entries.set(proxyId, entry);
    this.#removed.delete(proxyId);
    this.#changed.add(proxyId);
  }

  #deleteEntry(proxyId: number): void {
    if (!this.#entries.delete(proxyId)) return;
    this.#changed.delete(proxyId);
    this.#removed.add(proxyId);
  }

  /** The checker rejected without being cancelled: a bug, shown as a failure, not a stuck run. */
  #brokenCheck(target: CheckTarget, protocol: CheckProtocol): ProxyCheckResult {
    return {
      ok: false,
      protocol,
      reason: 'network',
      message: `The check of the proxy ${entryLabel(target)} stopped unexpectedly.`,
      checkedAt: (this.#options.now?.() ?? new Date()).toISOString(),
    };
  }

  /**
   * Deltas go out at most once per event-loop turn: a turn that finishes, starts and queues many
   * checks (a 200-proxy start, a burst of answers) sends one delta with all of it, instead of one
   * per change. setImmediate rather than a microtask, so that answers arriving in the same
   * I/O phase share it too.
   */
  #scheduleEmit(): void {
    if (this.#emitScheduled) return;
    this.#emitScheduled = true;
    setImmediate(() => {
      this.#emitScheduled = false;
      this.#options.onChange(this.#takeDelta());
    });
  }

  /** What changed since the last delta, which it then forgets: costs what changed. */
  #takeDelta(): ProxyChecksDelta {
    this.#revision += 1;
    const entries: ProxyCheckEntry[] = [];
    for (const proxyId of this.#changed) {
      const entry = this.#entries.get(proxyId);
      // Always there: deleting an entry takes it out of `#changed`.
      if (entry) entries.push({ proxyId, ...entry });
    }
    const delta: ProxyChecksDelta = {
      revision: this.#revision,
      entries,
      removed: [...this.#removed],
      run: this.#run ? { ...this.#run } : null,
      lastRun: this.#lastRun,
    };
    this.#changed.clear();
    this.#removed.clear();
    return delta;
  }
}

function concurrencyLimit(requested: number): number {
  if (!Number.isFinite(requested)) return 1;
  return Math.min(CHECK_CONCURRENCY_MAX, Math.max(1, Math.floor(requested)));
}
