import { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SocketSet } from '../../../../src/main/local-ports/relay/socket-set';
import { openUpstreamTunnel } from '../../../../src/main/local-ports/relay/upstream-tunnel';
import { startScriptedUpstream, type ScriptedUpstream } from '../raw-peers';
import { listenerCounts, settledWithin } from '../socket-pairs';
import { until } from '../until';

// An HTTP upstream's answer to CONNECT, written byte for byte: what opens the tunnel, what fails
// it and in which words, and what of the answer reaches the tunnel.

let upstream: ScriptedUpstream;
let sockets: SocketSet;
beforeEach(async () => {
  upstream = await startScriptedUpstream();
  sockets = new SocketSet();
});
afterEach(async () => {
  await sockets.destroyAll();
  await upstream.close();
});

/** The tunnel, its failure caught as soon as it happens (the test reads it later). */
function tunnel(timeoutMs = 5_000): Promise<Socket | unknown> {
  return openUpstreamTunnel(
    { protocol: 'http', host: '127.0.0.1', port: upstream.port, username: 'u', password: 'p' },
    { host: 'site.test', port: 443 },
    sockets,
    timeoutMs,
  ).catch((error: unknown) => error);
}

const EVENTS = ['data', 'end', 'close', 'error', 'connect'];

/** The listeners a socket held in a set has of itself and of the set, before anything else listens. */
function ownListeners(): number[] {
  return listenerCounts(new SocketSet().add(new Socket()), EVENTS);
}

/** Answers the CONNECT with `pieces`, one write each, a moment apart. */
async function answer(...pieces: string[]): Promise<void> {
  const connection = await upstream.connection();
  await connection.waitFor('\r\n\r\n');
  for (const piece of pieces) {
    connection.write(piece);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('an HTTP upstream answering CONNECT', () => {
  it('opens on any 2xx, however the head is split, and leaves what follows it to the tunnel', async () => {
    const opening = tunnel();
    await answer('HTTP/1.1 2', '99 Fine\r\n', '\r\nfirst bytes');
    const socket = (await opening) as Socket;
    let read = '';
    socket.on('data', (chunk: Buffer) => (read += chunk.toString()));
    // Left paused, as the callers' pipes expect.
    socket.resume();
    await until(() => read === 'first bytes');
    socket.destroy();
  });

  it('opens with nothing after the head, the tunnel then reading only what comes next', async () => {
    const opening = tunnel();
    await answer('HTTP/1.0 200 Connection established\r\n\r\n');
    const socket = (await opening) as Socket;
    let read = '';
    socket.on('data', (chunk: Buffer) => (read += chunk.toString()));
    // Left paused, as the callers' pipes expect.
    socket.resume();
    (await upstream.connection()).write('next');
    await until(() => read.length > 0);
    expect(read).toBe('next');
  });

  it.each([
    ['HTTP/1.1 199 Early\r\n\r\n', 199, 502],
    ['HTTP/1.1 300 Elsewhere\r\n\r\n', 300, 502],
    ['HTTP/1.1 400 Bad\r\n\r\n', 400, 400],
    ['HTTP/1.1 403 Forbidden\r\n\r\n', 403, 403],
    ['HTTP/1.1 599 Odd\r\n\r\n', 599, 599],
    ['HTTP/1.1 600 Odd\r\n\r\n', 600, 502],
  ])(
    'fails %j in words, with the status a local CONNECT is answered',
    async (head, status, httpStatus) => {
      const opening = tunnel();
      await answer(head);
      expect(await opening).toMatchObject({
        kind: 'target_refused',
        message: `the proxy would not open the connection (HTTP ${status})`,
        httpStatus,
      });
    },
  );

  it.each([
    ['not HTTP', 'SSH-2.0-server\r\n\r\n'],
    ['HTTP not at the start', 'xHTTP/1.1 200 OK\r\n\r\n'],
    ['an empty head', '\r\n\r\n'],
  ])('fails an answer that is %s as not an HTTP proxy', async (_what, head) => {
    const opening = tunnel();
    await answer(head);
    expect(await opening).toMatchObject({
      kind: 'bad_answer',
      message: 'the proxy did not answer as an HTTP proxy',
    });
  });

  it('fails a head longer than 16 KiB without waiting for its end, and waits for one of 16 KiB', async () => {
    const long = tunnel();
    await answer(`HTTP/1.1 200 OK\r\nX: ${'a'.repeat(16 * 1024)}`);
    expect(await long).toMatchObject({ kind: 'bad_answer' });
    await upstream.close();
    upstream = await startScriptedUpstream();
    const under = tunnel();
    // Exactly 16 KiB: the most that may come before the blank line.
    const atMost = `HTTP/1.1 200 OK\r\nX: ${'a'.repeat(16 * 1024 - 20)}`;
    expect(atMost).toHaveLength(16 * 1024);
    await answer(atMost, '\r\n\r\n');
    expect(await under).toMatchObject({ readyState: 'open' });
  });

  it('fails as closed when the upstream ends without an answer', async () => {
    const opening = tunnel();
    const connection = await upstream.connection();
    await connection.waitFor('\r\n\r\n');
    connection.socket.end();
    expect(await opening).toMatchObject({
      kind: 'closed',
      message: 'the proxy closed the connection',
    });
  });

  it('once open, leaves no listener of its own on the socket, nor a deadline', async () => {
    const own = ownListeners();
    const opening = tunnel(100);
    await answer('HTTP/1.1 200 Connection established\r\n\r\n');
    const socket = (await opening) as Socket;
    expect(listenerCounts(socket, EVENTS)).toEqual(own);
    // Past the time it had to open, the open tunnel stays.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(socket.destroyed).toBe(false);
  });

  it('fails as closed when its socket is destroyed before it connects', async () => {
    const opening = tunnel();
    // The socket is in the set from the moment it exists (a port closing destroys it).
    const destroyed = sockets.destroyAll();
    expect(await settledWithin(opening, 2_000)).toMatchObject({
      value: { kind: 'closed', message: 'the proxy closed the connection' },
    });
    await destroyed;
  });
});
