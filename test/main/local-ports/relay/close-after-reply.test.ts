import { once } from 'node:events';
import type { Socket } from 'node:net';
import { expect, it, vi } from 'vitest';
import {
  closeAfterReply,
  REPLY_FLUSH_LIMIT_MS,
} from '../../../../src/main/local-ports/relay/close-after-reply';
import { fillUntilHeld, useSocketPairs } from '../socket-pairs';
import { until } from '../until';

const pairs = useSocketPairs();

/** A connected pair: the client (allowed to stay half-open) and the server's paused socket. */
async function pair(): Promise<{ client: Socket; socket: Socket }> {
  const { client, accepted } = await pairs().pair();
  accepted.pause();
  return { client, socket: accepted };
}

it('delivers the reply, then destroys the socket though the client keeps its side open', async () => {
  const { client, socket } = await pair();
  client.write('bytes the server will never read as a request');
  const received: Buffer[] = [];
  client.on('data', (chunk: Buffer) => received.push(chunk));
  closeAfterReply(socket, Buffer.from([0x05, 0xff]));
  // Once flushed, not at the limit.
  await until(() => socket.destroyed, REPLY_FLUSH_LIMIT_MS / 4);
  await until(() => received.length > 0);
  expect([...Buffer.concat(received)]).toEqual([0x05, 0xff]);
  expect(client.destroyed).toBe(false);
  client.destroy();
});

it('destroys a socket whose reply cannot be flushed, at the limit', async () => {
  const { client, socket } = await pair();
  // A client that never reads: fill every buffer on the way, so the reply stays queued.
  await fillUntilHeld(socket, client);
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  closeAfterReply(socket, Buffer.from([0x05, 0xff]));
  vi.advanceTimersByTime(REPLY_FLUSH_LIMIT_MS - 1);
  expect(socket.destroyed).toBe(false);
  vi.advanceTimersByTime(1);
  expect(socket.destroyed).toBe(true);
  client.destroy();
});

it('leaves no timer behind once the socket has closed, and starts none for one already gone', async () => {
  const { client, socket } = await pair();
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  const closed = once(socket, 'close');
  closeAfterReply(socket, 'bye');
  expect(vi.getTimerCount()).toBe(1);
  await closed;
  expect(vi.getTimerCount()).toBe(0);
  closeAfterReply(socket, 'again');
  expect(vi.getTimerCount()).toBe(0);
  client.destroy();
});
