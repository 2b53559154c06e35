import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { connectToOwner } from '../../../src/main/command-line/command-client';
import { readOrCreateCommandKey } from '../../../src/main/command-line/command-key';
import { proofOf } from '../../../src/main/command-line/command-proof';
import { jsonLines, ownedAt, rawPeer, useSocketPlace } from './socket-place';

// Real Unix sockets; a Windows pipe is the same handshake past the bind, and a squatter there is
// a plain server on the pipe's name, as here on the socket's.
const posix = process.platform !== 'win32';

const place = useSocketPlace('pt-proof-');

/** What one peer of a server received, line by line, and when it is gone. */
interface Peer {
  lines: () => unknown[];
  closed: Promise<void>;
}

/** A raw peer of the real server, to capture a proof the way a relaying impostor would. */
async function proofFromRealServer(challenge: string): Promise<string> {
  const socket = net.createConnection(place.socketPath);
  place.cleanups.push(() => socket.destroy());
  socket.write(`${JSON.stringify({ proxyTray: 1, challenge })}\n`);
  const line = await new Promise<string>((resolve) => socket.once('data', (c) => resolve(`${c}`)));
  socket.destroy();
  return (JSON.parse(line) as { proof: string }).proof;
}

/**
 * Another user's process on the socket's name: answers every challenge with `hello`, a hello of
 * ours but for its proof, and records all it is sent.
 */
async function squatter(hello: Record<string, unknown>): Promise<{ peers: Peer[] }> {
  fs.mkdirSync(path.dirname(place.socketPath), { recursive: true, mode: 0o700 });
  const peers: Peer[] = [];
  const server = net.createServer((socket) => {
    let received = '';
    socket.on('error', () => {});
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.on('data', (chunk: Buffer) => {
      if (received === '') socket.write(`${JSON.stringify(hello)}\n`);
      received += chunk.toString('utf8');
    });
    peers.push({
      closed,
      lines: () => jsonLines(received),
    });
    place.cleanups.push(() => socket.destroy());
  });
  await new Promise<void>((resolve) => server.listen(place.socketPath, resolve));
  place.cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  return { peers };
}

const HELLO = { proxyTray: 1, owner: 'app', pid: 4242, access: true } as const;

function notProxyTray(): string {
  return `The process at ${place.socketPath} is not Proxy Tray: it cannot prove it knows this computer's command-line key (${place.keyFile}). Another user may be holding the socket's name.`;
}

describe.runIf(posix)('the owner proves it knows the command-line key', () => {
  it('the real pair: the client checks the proof and gets the hello', async () => {
    await ownedAt(place, { owner: 'command-line' });
    const connection = await connectToOwner(place.socketPath, {
      timeoutMs: 5_000,
      keyFile: place.keyFile,
    });
    if (!connection) throw new Error('Nobody serves the socket');
    place.cleanups.push(() => connection.close());
    expect(connection.hello).toEqual({
      proxyTray: 1,
      owner: 'command-line',
      pid: process.pid,
      access: true,
    });
    expect(await connection.call('labels:set', { label: 'a' })).toMatchObject({
      result: { ok: true },
    });
  });

  it('the server says nothing before the challenge, and answers it with the HMAC of the key', async () => {
    await ownedAt(place);
    const challenge = 'ab'.repeat(32);
    const proof = await proofFromRealServer(challenge);
    expect(proof).toBe(proofOf(readOrCreateCommandKey(place.keyFile), challenge));
    // Another challenge, another proof: one captured proves nothing the next time.
    expect(await proofFromRealServer('cd'.repeat(32))).not.toBe(proof);
  });

  const impostors: [string, () => Promise<Record<string, unknown>>][] = [
    ['a wrong proof', () => Promise.resolve({ ...HELLO, proof: 'f'.repeat(64) })],
    ['no proof', () => Promise.resolve({ ...HELLO })],
    ['a proof that is not hex', () => Promise.resolve({ ...HELLO, proof: 'not a proof' })],
    [
      "a proof replayed from the real server's answer to another challenge",
      async () => {
        const real = await ownedAt(place);
        const proof = await proofFromRealServer('0'.repeat(64));
        await real.close();
        return { ...HELLO, pid: process.pid, proof };
      },
    ],
  ];

  for (const [what, helloOf] of impostors) {
    it(`a squatter that answers with ${what} is refused, and sent nothing but the challenge`, async () => {
      const { peers } = await squatter(await helloOf());
      await expect(
        connectToOwner(place.socketPath, { timeoutMs: 5_000, keyFile: place.keyFile }),
      ).rejects.toThrow(notProxyTray());
      expect(peers).toHaveLength(1);
      await peers[0]?.closed;
      expect(peers[0]?.lines()).toEqual([
        { proxyTray: 1, challenge: expect.stringMatching(/^[0-9a-f]{64}$/) },
      ]);
    });
  }

  it('a server finds a squatter on the name: it leaves it, and says command-line access is unavailable', async () => {
    const { peers } = await squatter({ ...HELLO, proof: '0'.repeat(64) });
    await expect(ownedAt(place)).rejects.toThrow(
      `Command-line access is unavailable: something else holds ${place.socketPath}. ${notProxyTray()}`,
    );
    // Not taken for a live owner to wait for, and not removed as a file a crash left.
    expect(peers).toHaveLength(1);
    expect(fs.existsSync(place.socketPath)).toBe(true);
    expect(fs.readdirSync(path.dirname(place.socketPath))).toEqual(['data.sock']);
  });

  it('a client that never sends its challenge hears nothing and is closed at the deadline', async () => {
    await ownedAt(place, { idleMs: 100 });
    const peer = await rawPeer(place, { challenge: false });
    await peer.closed;
    expect(peer.lines()).toEqual([]);
  });

  it('a first line that is not a challenge is refused and the connection closed, nothing run', async () => {
    for (const first of [
      '{"proxyTray":1,"challenge":"xyz"}',
      `{"proxyTray":1,"challenge":"${'A'.repeat(64)}"}`,
      `{"proxyTray":1,"challenge":"${'a'.repeat(64)}","extra":1}`,
      '{"id":1,"channel":"plans:list"}',
      'not json',
    ]) {
      let handled = 0;
      const server = await ownedAt(place, {
        handle: () => {
          handled += 1;
          return Promise.resolve({ ok: true, value: null });
        },
      });
      const peer = await rawPeer(place, { challenge: false });
      peer.socket.write(`${first}\n{"id":2,"channel":"plans:list"}\n`);
      await peer.closed;
      expect(peer.lines()).toEqual([
        { id: null, refused: 'bad-request', message: expect.any(String) },
      ]);
      expect(handled).toBe(0);
      place.cleanups.pop();
      place.cleanups.pop();
      await server.close();
    }
  });
});
