import { describe, expect, it } from 'vitest';
import { Replica } from '../../../src/renderer/src/lib/replica';

/** A held state that tells which base it came from and which deltas were laid over it. */
interface Held {
  revision: number;
  base: number;
  laid: number[];
}
interface Change {
  revision: number;
  /** false: the change is another account's, say. */
  belongs?: boolean;
}

const baseAt = (revision: number): Held => ({ revision, base: revision, laid: [] });
const change = (revision: number): Change => ({ revision });
const replica = () =>
  new Replica<Held, Change>((value, delta) =>
    delta.belongs === false ? null : { ...value, laid: [...value.laid, delta.revision] },
  );

/** A request the test answers when it wants to: answers and events cross at its will. */
function pending() {
  let answer: (held: Held | undefined) => void = () => undefined;
  let fail: (error: Error) => void = () => undefined;
  const promise = new Promise<Held | undefined>((resolve, reject) => {
    answer = resolve;
    fail = reject;
  });
  return { request: () => promise, answer, fail };
}
const itself = (held: Held | undefined) => held;

describe('Replica', () => {
  it('lays deltas over its base in order, ignoring any it already holds', () => {
    const held = replica();
    expect(held.base(baseAt(1))).toBe(true);
    expect(held.delta(change(2))).toBe(true);
    expect(held.delta(change(2))).toBe(false);
    expect(held.delta(change(1))).toBe(false);
    expect(held.delta(change(3))).toBe(true);
    expect(held.value).toEqual({ revision: 1, base: 1, laid: [2, 3] });
  });

  it('ignores a base no newer than the one it holds', () => {
    const held = replica();
    expect(held.base(baseAt(5))).toBe(true);
    expect(held.base(baseAt(5))).toBe(false);
    expect(held.base(baseAt(3))).toBe(false);
    expect(held.value).toEqual(baseAt(5));
  });

  it('leaves its value alone for a delta that does not belong to it', () => {
    const held = replica();
    held.base(baseAt(1));
    expect(held.delta({ revision: 2, belongs: false })).toBe(false);
    expect(held.value).toEqual(baseAt(1));
  });

  it('keeps deltas that come before any base, and lays the newer ones over it', () => {
    const held = replica();
    expect(held.delta(change(2))).toBe(false);
    expect(held.delta(change(3))).toBe(false);
    expect(held.value).toBeNull();
    expect(held.base(baseAt(2))).toBe(true);
    expect(held.value).toEqual({ revision: 2, base: 2, laid: [3] });
  });

  it('lays the deltas that crossed an older answer over it', async () => {
    const held = replica();
    held.base(baseAt(1));
    const request = pending();
    const asked = held.ask(request.request, itself);
    // Shown at once, and kept for the answer on its way.
    expect(held.delta(change(2))).toBe(true);
    expect(held.delta(change(3))).toBe(true);
    expect(held.value).toEqual({ revision: 1, base: 1, laid: [2, 3] });

    request.answer(baseAt(2));
    await asked;
    expect(held.value).toEqual({ revision: 2, base: 2, laid: [3] });
  });

  it('takes an answer newer than the deltas that crossed it as it is', async () => {
    const held = replica();
    held.base(baseAt(1));
    const request = pending();
    const asked = held.ask(request.request, itself);
    held.delta(change(2));
    request.answer(baseAt(3));
    await asked;
    expect(held.value).toEqual(baseAt(3));
    // The events it already holds, arriving late, change nothing.
    expect(held.delta(change(3))).toBe(false);
    expect(held.delta(change(4))).toBe(true);
    expect(held.value).toEqual({ revision: 3, base: 3, laid: [4] });
  });

  it('ignores an answer older than the base it holds, and the deltas older than it', async () => {
    const held = replica();
    const request = pending();
    const asked = held.ask(request.request, itself);
    held.base(baseAt(4));
    request.answer(baseAt(2));
    await asked;
    expect(held.value).toEqual(baseAt(4));
    expect(held.delta(change(3))).toBe(false);
  });

  it('keeps deltas until the last of several requests is answered', async () => {
    const held = replica();
    const first = pending();
    const second = pending();
    const firstAsked = held.ask(first.request, itself);
    const secondAsked = held.ask(second.request, itself);
    held.delta(change(3));
    first.answer(baseAt(2));
    await firstAsked;
    expect(held.value).toEqual({ revision: 2, base: 2, laid: [3] });

    held.delta(change(4));
    second.answer(baseAt(3));
    await secondAsked;
    expect(held.value).toEqual({ revision: 3, base: 3, laid: [4] });
  });

  it('clears the deltas it kept once no request is on its way', async () => {
    const held = replica();
    const request = pending();
    const asked = held.ask(request.request, itself);
    held.delta(change(3));
    request.answer(baseAt(1));
    await asked;
    expect(held.value).toEqual({ revision: 1, base: 1, laid: [3] });

    // A base taken later is not laid over with deltas that crossed an earlier answer.
    held.base(baseAt(2));
    expect(held.value).toEqual(baseAt(2));
  });

  it('clears them too when a request fails or its answer holds no base', async () => {
    const held = replica();
    held.base(baseAt(1));
    const failing = pending();
    const failed = held.ask(failing.request, itself);
    held.delta(change(3));
    failing.fail(new Error('gone'));
    await expect(failed).rejects.toThrow('gone');

    const empty = pending();
    const emptied = held.ask(empty.request, itself);
    held.delta(change(4));
    empty.answer(undefined);
    await emptied;
    expect(held.value).toEqual({ revision: 1, base: 1, laid: [3, 4] });

    held.base(baseAt(2));
    expect(held.value).toEqual(baseAt(2));
  });

  it('hears every revision handed in, whether it changed the value or not', () => {
    const held = replica();
    expect(held.heard).toBe(-1);
    // Before any base: kept, not shown, but heard.
    held.delta(change(2));
    expect(held.heard).toBe(2);
    held.base(baseAt(1));
    expect(held.heard).toBe(2);
    // Another account's: the value stays, the revision is heard all the same.
    expect(held.delta({ revision: 5, belongs: false })).toBe(false);
    expect(held.heard).toBe(5);
    // A base no newer than the one held is ignored, and still heard.
    held.base(baseAt(7));
    expect(held.base(baseAt(6))).toBe(false);
    expect(held.heard).toBe(7);
    // Late ones never take it back.
    held.delta(change(3));
    expect(held.heard).toBe(7);
  });
});
