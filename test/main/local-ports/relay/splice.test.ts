import { once } from 'node:events';
import type { Socket } from 'node:net';
import { beforeEach, expect, it } from 'vitest';
import { splice } from '../../../../src/main/local-ports/relay/splice';
import { fillUntilHeld, type SocketPair, useSocketPairs } from '../socket-pairs';
import { until } from '../until';

const pairs = useSocketPairs();
/** The app's connection (its client end is the app) and the upstream's (its client end is the far side). */
let app: SocketPair;
let upstream: SocketPair;
beforeEach(async () => {
  app = await pairs().pair();
  upstream = await pairs().pair();
  splice(app.accepted, upstream.accepted);
});

function received(socket: Socket): () => string {
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  return () => Buffer.concat(chunks).toString();
}

it('passes bytes both ways', async () => {
  const atFar = received(upstream.client);
  const atApp = received(app.client);
  app.client.write('request');
  upstream.client.write('answer');
  await until(() => atFar() === 'request' && atApp() === 'answer');
});

it('ends the app after the last answer when the upstream closes, and then lets its socket go', async () => {
  const atApp = received(app.client);
  upstream.client.end('last answer');
  upstream.accepted.resume();
  await once(app.client, 'end');
  expect(atApp()).toBe('last answer');
  // The app keeps its side open: the spliced socket is destroyed anyway, not left half-open.
  await until(() => app.accepted.destroyed);
  expect(app.client.destroyed).toBe(false);
});

it('ends the upstream after the last request when the app closes, and then lets its socket go', async () => {
  const atFar = received(upstream.client);
  app.client.end('last request');
  await once(upstream.client, 'end');
  expect(atFar()).toBe('last request');
  await until(() => upstream.accepted.destroyed);
});

it('destroys both at once on an error on the app side, though the other holds unsent bytes', async () => {
  await fillUntilHeld(upstream.accepted, upstream.client);
  app.accepted.destroy(new Error('reset'));
  await until(() => upstream.accepted.destroyed, 1_000);
});

it('destroys both at once on an error on the upstream side, though the other holds unsent bytes', async () => {
  await fillUntilHeld(app.accepted, app.client);
  upstream.accepted.destroy(new Error('reset'));
  await until(() => app.accepted.destroyed, 1_000);
});
