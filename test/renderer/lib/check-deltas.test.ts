import { describe, expect, it } from 'vitest';
import {
  applyChecksDelta,
  checksStateOf,
  sameCheckEntry,
  type ChecksState,
} from '../../../src/renderer/src/lib/check-deltas';
import { Replica } from '../../../src/renderer/src/lib/replica';
import type {
  ProxyCheckEntry,
  ProxyCheckResult,
  ProxyChecksDelta,
  ProxyChecksView,
} from '../../../src/shared/views/check-view';

const works = (totalMs: number): ProxyCheckResult => ({
  ok: true,
  protocol: 'http',
  exitIp: '203.0.113.9',
  exitIpMatches: 'ipv4',
  connectMs: 40,
  totalMs,
  checkedAt: '2026-11-22T10:00:00.000Z',
});
const idle = (proxyId: number, totalMs = 120): ProxyCheckEntry => ({
  proxyId,
  state: 'idle',
  last: works(totalMs),
});
const checking = (proxyId: number): ProxyCheckEntry => ({ proxyId, state: 'checking', last: null });

const view = (revision: number, entries: ProxyCheckEntry[]): ProxyChecksView => ({
  revision,
  entries,
  run: null,
  lastRun: null,
});
const delta = (revision: number, change: Partial<ProxyChecksDelta> = {}): ProxyChecksDelta => ({
  revision,
  entries: [],
  removed: [],
  run: null,
  lastRun: null,
  ...change,
});

/** The entries as a popup row would find them, in id order. */
const entriesOf = (state: ChecksState | null) =>
  [...(state?.entries.values() ?? [])].toSorted((a, b) => a.proxyId - b.proxyId);

const replica = () => new Replica<ChecksState, ProxyChecksDelta>(applyChecksDelta);

describe('applyChecksDelta', () => {
  it('sets the entries and the run a delta brings, in place', () => {
    const state = checksStateOf(view(3, [idle(1), idle(2)]));
    const run = { total: 2, done: 0, failed: 0 };
    const next = applyChecksDelta(state, delta(4, { entries: [checking(2), checking(3)], run }));
    expect(next).toBe(state);
    expect(next.revision).toBe(4);
    expect(next.run).toEqual(run);
    expect(entriesOf(next)).toEqual([idle(1), checking(2), checking(3)]);
  });

  it('sets the last run’s summary a delta brings, and clears it when a run starts', () => {
    const state = checksStateOf(view(3, [idle(1)]));
    const lastRun = { number: 1, headline: '1 of 1 working', summary: '1 of 1 working · 120 ms' };
    applyChecksDelta(state, delta(4, { lastRun }));
    expect(state.lastRun).toEqual(lastRun);
    applyChecksDelta(state, delta(5, { run: { total: 1, done: 0, failed: 0 } }));
    expect(state.lastRun).toBeNull();
  });

  it('removes the proxies it names', () => {
    const state = checksStateOf(view(3, [idle(1), idle(2)]));
    applyChecksDelta(state, delta(4, { removed: [1, 404] }));
    expect(entriesOf(state)).toEqual([idle(2)]);
  });

  it('changes nothing when laid again', () => {
    const state = checksStateOf(view(3, [idle(1)]));
    const change = delta(4, { entries: [idle(2)], removed: [1] });
    applyChecksDelta(state, change);
    const once = entriesOf(state);
    applyChecksDelta(state, change);
    expect(entriesOf(state)).toEqual(once);
  });
});

describe('checks held by a Replica', () => {
  it('take the deltas after their base', () => {
    const held = replica();
    held.base(checksStateOf(view(2, [idle(1)])));
    expect(held.delta(delta(3, { entries: [checking(1)] }))).toBe(true);
    expect(entriesOf(held.value)).toEqual([checking(1)]);
  });

  it('ignore a delta older than their base', () => {
    const held = replica();
    held.base(checksStateOf(view(5, [idle(1, 80)])));
    expect(held.delta(delta(4, { entries: [checking(1)], removed: [2] }))).toBe(false);
    expect(held.delta(delta(5, { removed: [1] }))).toBe(false);
    expect(entriesOf(held.value)).toEqual([idle(1, 80)]);
  });

  it('lay a delta that arrived before its base over the base', async () => {
    const held = replica();
    let answer: (value: ProxyChecksView) => void = () => undefined;
    const asked = held.ask(
      () => new Promise<ProxyChecksView>((resolve) => (answer = resolve)),
      checksStateOf,
    );
    // The popup has just opened: proxy 2's check ends before the list it asked for arrives.
    const run = { total: 2, done: 1, failed: 0 };
    held.delta(delta(4, { entries: [idle(2)], run }));
    answer({ ...view(3, [idle(1), checking(2)]), run: { total: 2, done: 0, failed: 0 } });
    await asked;
    expect(entriesOf(held.value)).toEqual([idle(1), idle(2)]);
    expect(held.value?.run).toEqual(run);
  });

  it('drop the proxies a delta removes', () => {
    const held = replica();
    held.base(checksStateOf(view(1, [idle(1), idle(2), idle(3)])));
    held.delta(delta(2, { removed: [1, 3] }));
    expect(entriesOf(held.value)).toEqual([idle(2)]);
    // Signed out: every entry goes.
    held.delta(delta(3, { removed: [2] }));
    expect(entriesOf(held.value)).toEqual([]);
  });
});

describe('sameCheckEntry', () => {
  it('is true for entries that say the same, received apart', () => {
    expect(sameCheckEntry(idle(1), idle(1))).toBe(true);
    expect(sameCheckEntry(checking(1), checking(1))).toBe(true);
  });

  it('is false when the state or any field of the result differs', () => {
    expect(sameCheckEntry(idle(1), { ...idle(1), state: 'queued' })).toBe(false);
    expect(sameCheckEntry(idle(1, 120), idle(1, 121))).toBe(false);
    expect(sameCheckEntry(idle(1), { ...idle(1), last: null })).toBe(false);
    expect(sameCheckEntry({ ...idle(1), last: null }, idle(1))).toBe(false);
    const failed: ProxyCheckResult = {
      ok: false,
      protocol: 'http',
      reason: 'timeout',
      message: 'Timed out',
      checkedAt: works(1).checkedAt,
    };
    expect(sameCheckEntry(idle(1), { ...idle(1), last: failed })).toBe(false);
  });
});
