import type { Socket } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SocketSet } from '../../../../src/main/local-ports/relay/socket-set';
import { openUpstreamTunnel } from '../../../../src/main/local-ports/relay/upstream-tunnel';
import { startScriptedUpstream, type ScriptedUpstream } from '../raw-peers';
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
function tunnel(): Promise<Socket | unknown> {
  return openUpstreamTunnel(
    { protocol: 'http', host: '127.0.0.1', port: upstream.port, username: 'u', password: 'p' },
    { host: 'site.test', port: 443 },
    sockets,
    5_000,
  ).catch((error: unknown) => error);
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
  ])('fails an answer that is %s as not an HTTP proxy', async (_what, head) => {
    const opening = tunnel();
    await answer(head);
    expect(await opening).toMatchObject({
      kind: 'bad_answer',
      message: 'the proxy did not answer as an HTTP proxy',
    });
  });

  it('fails a head longer than 16 KiB without waiting for its end, and waits for one just under', async () => {
    const long = tunnel();
    await answer(`HTTP/1.1 200 OK\r\nX: ${'a'.repeat(16 * 1024)}`);
    expect(await long).toMatchObject({ kind: 'bad_answer' });
    await upstream.close();
    upstream = await startScriptedUpstream();
    const under = tunnel();
    await answer(`HTTP/1.1 200 OK\r\nX: ${'a'.repeat(16 * 1024 - 40)}`, '\r\n\r\n');
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
});
