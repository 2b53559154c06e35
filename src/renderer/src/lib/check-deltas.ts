import type {
  ProxyCheckEntry,
  ProxyCheckResult,
  ProxyChecksDelta,
  ProxyChecksLastRun,
  ProxyChecksRun,
  ProxyChecksView,
} from '../../../shared/views/check-view';

/** The popup's copy of the checks: each proxy's entry by its id, so a row finds its own at once. */
export interface ChecksState {
  /** The newest view or delta laid into it. */
  revision: number;
  entries: Map<number, ProxyCheckEntry>;
  run: ProxyChecksRun;
  lastRun: ProxyChecksLastRun;
}

export function checksStateOf(view: ProxyChecksView): ChecksState {
  return {
    revision: view.revision,
    entries: new Map(view.entries.map((entry) => [entry.proxyId, entry])),
    run: view.run,
    lastRun: view.lastRun,
  };
}

/**
 * Lays a delta over the state, in place (the ApplyDelta of a Replica). It sets values and never
 * adds to them, so laying it again over a state that already holds it changes nothing.
 */
export function applyChecksDelta(state: ChecksState, delta: ProxyChecksDelta): ChecksState {
  for (const entry of delta.entries) state.entries.set(entry.proxyId, entry);
  for (const proxyId of delta.removed) state.entries.delete(proxyId);
  state.run = delta.run;
  state.lastRun = delta.lastRun;
  state.revision = delta.revision;
  return state;
}

/**
 * Whether two entries say the same, though received apart: a full view repeats every entry the
 * popup holds, and only those that differ should wake their rows.
 */
export function sameCheckEntry(a: ProxyCheckEntry, b: ProxyCheckEntry): boolean {
  return a === b || (a.state === b.state && sameResult(a.last, b.last));
}

function sameResult(a: ProxyCheckResult | null, b: ProxyCheckResult | null): boolean {
  if (a === null || b === null) return a === b;
  // Every field of a result is a string, a number or a boolean.
  const left: Record<string, unknown> = a;
  const right: Record<string, unknown> = b;
  const keys = Object.keys(left);
  return keys.length === Object.keys(right).length && keys.every((key) => left[key] === right[key]);
}
