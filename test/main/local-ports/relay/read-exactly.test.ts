import { once } from 'node:events';
import { expect, it } from 'vitest';
import { readExactly } from '../../../../src/main/local-ports/relay/read-exactly';
import { listenerCounts, settledWithin, useSocketPairs } from '../socket-pairs';

const ENDED = 'The connection ended during the handshake.';
const pairs = useSocketPairs({ halfOpen: true });

it('reads exactly the bytes asked for, across pieces, and leaves what follows in the socket', async () => {
  const { client, accepted } = await pairs().pair();
  const read = readExactly(accepted, 5);
  client.write('ab');
  await new Promise((resolve) => setTimeout(resolve, 20));
  client.write('cdefg');
  expect((await read).toString()).toBe('abcde');
  expect(String(accepted.read())).toBe('fg');
});

it('leaves no listener behind once it has read', async () => {
  const { client, accepted } = await pairs().pair();
  const events = ['readable', 'end', 'close'];
  const before = listenerCounts(accepted, events);
  client.write('abc');
  await readExactly(accepted, 3);
  expect(listenerCounts(accepted, events)).toEqual(before);
});

it('fails in words when the other side ends before the length is in, though the socket stays half-open', async () => {
  const { client, accepted } = await pairs().pair();
  const read = readExactly(accepted, 5);
  client.end('ab');
  expect(await settledWithin(read, 2_000)).toEqual({ error: new Error(ENDED) });
  expect(accepted.destroyed).toBe(false);
});

it('fails in words when the other side ends with nothing sent', async () => {
  const { client, accepted } = await pairs().pair();
  const read = readExactly(accepted, 5);
  client.end();
  expect(await settledWithin(read, 2_000)).toEqual({ error: new Error(ENDED) });
});

it('fails when the socket is destroyed while it waits', async () => {
  const { accepted } = await pairs().pair();
  const read = readExactly(accepted, 5);
  accepted.destroy();
  expect(await settledWithin(read, 2_000)).toEqual({ error: new Error(ENDED) });
});

it('fails at once on a socket that has already ended or been destroyed, rather than waiting', async () => {
  const { client, accepted } = await pairs().pair();
  client.end();
  accepted.resume();
  await once(accepted, 'end');
  accepted.pause();
  expect(await settledWithin(readExactly(accepted, 1), 1_000)).toEqual({
    error: new Error(ENDED),
  });
  const gone = await pairs().pair();
  gone.accepted.destroy();
  await once(gone.accepted, 'close');
  expect(await settledWithin(readExactly(gone.accepted, 1), 1_000)).toEqual({
    error: new Error(ENDED),
  });
});

it('answers an empty read at once, with nothing sent', async () => {
  const { accepted } = await pairs().pair();
  expect(await settledWithin(readExactly(accepted, 0), 100)).toEqual({ value: Buffer.alloc(0) });
});
