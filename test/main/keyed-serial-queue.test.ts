import { describe, expect, it } from 'vitest';
import { KeyedSerialQueue } from '../../src/main/keyed-serial-queue';

/** A piece of work that finishes when told, recording when it starts and ends. */
function gated(log: string[], name: string, fails = false) {
  let finish = () => {};
  const work = () =>
    new Promise<string>((resolve, reject) => {
      log.push(`${name} starts`);
      finish = () => {
        log.push(`${name} ends`);
        if (fails) reject(new Error(`${name} failed`));
        else resolve(name);
      };
    });
  return { work, finish: () => finish() };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('work on one key (a proxy, a port, a pool)', () => {
  it('runs one piece after the other, each with its own answer', async () => {
    const queue = new KeyedSerialQueue<string>();
    const log: string[] = [];
    const first = gated(log, 'first');
    const second = gated(log, 'second');
    const answers = [queue.run('pool', first.work), queue.run('pool', second.work)];
    await settle();
    expect(log).toEqual(['first starts']);
    first.finish();
    await settle();
    expect(log).toEqual(['first starts', 'first ends', 'second starts']);
    second.finish();
    expect(await Promise.all(answers)).toEqual(['first', 'second']);
  });

  it('a piece queued after an earlier one ended still waits for the one running', async () => {
    const queue = new KeyedSerialQueue<string>();
    const log: string[] = [];
    const first = gated(log, 'first');
    const second = gated(log, 'second');
    const third = gated(log, 'third');
    const answers = [queue.run('proxy', first.work), queue.run('proxy', second.work)];
    await settle();
    first.finish();
    await settle();
    // The second is running: a third asked for now waits behind it.
    answers.push(queue.run('proxy', third.work));
    await settle();
    expect(log).toEqual(['first starts', 'first ends', 'second starts']);
    second.finish();
    await settle();
    expect(log.slice(-2)).toEqual(['second ends', 'third starts']);
    third.finish();
    expect(await Promise.all(answers)).toEqual(['first', 'second', 'third']);
  });

  it('goes on after a piece that failed, whose caller hears the failure', async () => {
    const queue = new KeyedSerialQueue<number>();
    const log: string[] = [];
    const failing = gated(log, 'failing', true);
    const next = gated(log, 'next');
    const refused = queue.run(7, failing.work);
    const answered = queue.run(7, next.work);
    await settle();
    failing.finish();
    await expect(refused).rejects.toThrow('failing failed');
    await settle();
    next.finish();
    expect(await answered).toBe('next');
  });

  it('runs work on different ports side by side, and starts afresh once a port is idle', async () => {
    const queue = new KeyedSerialQueue<string>();
    const log: string[] = [];
    const one = gated(log, 'one');
    const other = gated(log, 'other');
    const answers = [queue.run('a', one.work), queue.run('b', other.work)];
    await settle();
    expect(log).toEqual(['one starts', 'other starts']);
    other.finish();
    one.finish();
    await Promise.all(answers);
    await settle();
    const later = gated(log, 'later');
    const answer = queue.run('a', later.work);
    await settle();
    expect(log.at(-1)).toBe('later starts');
    later.finish();
    expect(await answer).toBe('later');
  });
});
