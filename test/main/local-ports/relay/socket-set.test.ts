import { once } from 'node:events';
import { expect, it } from 'vitest';
import { SocketSet } from '../../../../src/main/local-ports/relay/socket-set';
import { settledWithin, useSocketPairs } from '../socket-pairs';
import { until } from '../until';

const pairs = useSocketPairs();

it('holds open sockets, lets each go as it closes, and never holds one already destroyed', async () => {
  const set = new SocketSet();
  const first = await pairs().pair();
  const second = await pairs().pair();
  set.add(first.accepted);
  set.add(second.accepted);
  expect(set.size).toBe(2);
  first.accepted.destroy();
  await until(() => set.size === 1);
  second.accepted.destroy();
  await once(second.accepted, 'close');
  // Its close was told already: held, it would be held for ever.
  const late = await pairs().pair();
  late.accepted.destroy();
  await once(late.accepted, 'close');
  expect(set.add(late.accepted)).toBe(late.accepted);
  expect(set.size).toBe(0);
});

it('destroys every socket it holds and resolves once all have closed', async () => {
  const set = new SocketSet();
  const held = await Promise.all([pairs().pair(), pairs().pair()]);
  for (const { accepted } of held) set.add(accepted);
  await set.destroyAll();
  expect(held.map(({ accepted }) => accepted.closed)).toEqual([true, true]);
  expect(set.size).toBe(0);
});

it('resolves for a socket that has closed but is still held (its close being told right now)', async () => {
  const set = new SocketSet();
  const { accepted } = await pairs().pair();
  let destroyed: Promise<unknown> = Promise.resolve('not called');
  // Told before the set hears of the close: the socket is closed and still in the set.
  accepted.once('close', () => {
    destroyed = settledWithin(set.destroyAll(), 1_000);
  });
  set.add(accepted);
  accepted.destroy();
  await once(accepted, 'close');
  expect(await destroyed).toEqual({ value: undefined });
});
