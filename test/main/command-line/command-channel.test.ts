import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { IpcResult } from '../../../src/shared/ipc/ipc-error';
import {
  connectToOwner,
  type OwnerConnection,
} from '../../../src/main/command-line/command-client';
import { readOrCreateCommandKey } from '../../../src/main/command-line/command-key';
import { proofOf } from '../../../src/main/command-line/command-proof';
import { echo, ownedAt, rawPeer, serveAt, useSocketPlace } from './socket-place';

// Real Unix sockets in a short private folder; Windows pipes are the same code past the bind.
const posix = process.platform !== 'win32';

const place = useSocketPlace('pt-chan-');

async function connect(): Promise<OwnerConnection> {
  const connection = await connectToOwner(place.socketPath, {
    timeoutMs: 5_000,
    keyFile: place.keyFile,
  });
  if (!connection) throw new Error('Nobody serves the socket');
  place.cleanups.push(() => connection.close());
  return connection;
}

/**
 * A raw peer, to write what the client never would and read the raw lines; it sends the challenge
 * first, as the client does, unless told not to.
 */

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe.runIf(posix)('the command channel', () => {
  it('says hello first: who owns the data, its pid, whether access is on', async () => {
    await ownedAt(place, { owner: 'command-line', access: () => false });
    const connection = await connect();
    expect(connection.hello).toEqual({
      proxyTray: 1,
      owner: 'command-line',
      pid: process.pid,
      access: false,
    });
  });

  it('answers several calls on one connection, out of order, each to its own caller', async () => {
    const held = new Map<string, ReturnType<typeof deferred<IpcResult<unknown>>>>();
    await ownedAt(place, {
      handle: (channel) => {
        const answer = deferred<IpcResult<unknown>>();
        held.set(channel, answer);
        return answer.promise;
      },
    });
    const connection = await connect();
    const settled: string[] = [];
    const first = connection.call('plans:list', undefined).then((answer) => {
      settled.push('plans:list');
      return answer;
    });
    const second = connection.call('settings:get', { a: 1 }).then((answer) => {
      settled.push('settings:get');
      return answer;
    });
    await expect.poll(() => held.size).toBe(2);
    held.get('settings:get')?.resolve({ ok: true, value: 'second' });
    expect(await second).toEqual({ result: { ok: true, value: 'second' } });
    held
      .get('plans:list')
      ?.resolve({ ok: false, error: { kind: 'signed_out', message: 'Sign in first.' } });
    expect(await first).toEqual({
      result: { ok: false, error: { kind: 'signed_out', message: 'Sign in first.' } },
    });
    expect(settled).toEqual(['settings:get', 'plans:list']);
  });

  it('passes the channel and input to the handler as sent', async () => {
    await ownedAt(place);
    const connection = await connect();
    expect(await connection.call('labels:set', { proxyId: 'p1', label: 'Zürich 🦊' })).toEqual({
      result: {
        ok: true,
        value: { channel: 'labels:set', input: { proxyId: 'p1', label: 'Zürich 🦊' } },
      },
    });
  });

  it('refuses every call while access is off, and the setting applies at once both ways', async () => {
    let access = false;
    const handled: string[] = [];
    await ownedAt(place, {
      access: () => access,
      handle: (channel, input) => {
        handled.push(channel);
        return echo(channel, input);
      },
    });
    const connection = await connect();
    expect(await connection.call('plans:list', undefined)).toEqual({ refused: 'access-off' });
    access = true;
    expect(await connection.call('plans:list', undefined)).toMatchObject({ result: { ok: true } });
    access = false;
    expect(await connection.call('plans:list', undefined)).toEqual({ refused: 'access-off' });
    expect(handled).toEqual(['plans:list']);
  });

  it('a handler that throws answers an internal error, and the connection goes on', async () => {
    await ownedAt(place, { handle: () => Promise.reject(new Error('secret detail')) });
    const connection = await connect();
    const answer = await connection.call('plans:list', undefined);
    expect(answer).toEqual({
      result: {
        ok: false,
        error: { kind: 'internal', message: 'Proxy Tray could not answer this request.' },
      },
    });
    expect(await connection.call('plans:list', undefined)).toEqual(answer);
  });

  it('a line that is not a request is refused once, then the connection is destroyed', async () => {
    const bad = ['{nope', '{"id":-1,"channel":"plans:list"}', '{"id":1,"channel":"x","extra":1}'];
    for (const line of bad) {
      let handled = 0;
      const server = await ownedAt(place, {
        handle: (channel, input) => {
          handled += 1;
          return echo(channel, input);
        },
      });
      const peer = await rawPeer(place);
      peer.socket.write(`${line}\n{"id":2,"channel":"plans:list"}\n`);
      await peer.closed;
      const [hello, refusal, ...rest] = peer.lines();
      expect(hello).toMatchObject({ proxyTray: 1 });
      expect(refusal).toMatchObject({
        id: null,
        refused: 'bad-request',
        message: expect.any(String),
      });
      expect(rest).toEqual([]);
      expect(handled).toBe(0);
      place.cleanups.pop();
      place.cleanups.pop();
      await server.close();
    }
  });

  it('a request line over 4 MiB is refused and the connection destroyed, before its end', async () => {
    await ownedAt(place);
    const peer = await rawPeer(place);
    peer.socket.write(`{"id":1,"channel":"x","input":"${'a'.repeat(4 * 1024 * 1024)}`);
    await peer.closed;
    expect(peer.lines()[1]).toEqual({
      id: null,
      refused: 'bad-request',
      message: `A line was longer than ${4 * 1024 * 1024} bytes.`,
    });
  });

  it('stops reading the requests of a peer that does not read its answers, until it does', async () => {
    let handled = 0;
    const big = 'x'.repeat(1024 * 1024);
    await ownedAt(place, {
      handle: () => {
        handled += 1;
        return Promise.resolve({ ok: true, value: big });
      },
    });
    const peer = await rawPeer(place);
    await expect.poll(() => peer.lines().length).toBe(1); // the hello
    peer.socket.pause();
    const requests = Array.from({ length: 200 }, (_, id) => `{"id":${id},"channel":"x"}\n`);
    peer.socket.write(requests.join(''));
    await expect.poll(() => handled).toBeGreaterThan(0);
    // Time enough to answer all 200 (200 MiB) had the server kept reading: it did not.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(handled).toBeLessThan(200);
    peer.socket.resume();
    await expect.poll(() => handled, { timeout: 20_000 }).toBe(200);
  });

  it('runs at most 32 requests of one connection at once; the next start as those end', async () => {
    const held: ((result: IpcResult<unknown>) => void)[] = [];
    await ownedAt(place, { handle: () => new Promise((resolve) => held.push(resolve)) });
    const connection = await connect();
    const answers = Array.from({ length: 40 }, (_, index) => connection.call('x', index));
    await expect.poll(() => held.length).toBe(32);
    held[0]?.({ ok: true, value: 'first' });
    expect(await answers[0]).toEqual({ result: { ok: true, value: 'first' } });
    await expect.poll(() => held.length).toBe(33);
    for (const resolve of held.slice(1)) resolve({ ok: true, value: null });
    await expect.poll(() => held.length).toBe(40);
    for (const resolve of held.slice(33)) resolve({ ok: true, value: null });
    expect(await Promise.all(answers)).toHaveLength(40);
  });

  it('holds 16 connections at once: the 17th is destroyed at once', async () => {
    await ownedAt(place);
    const connections = [];
    for (let index = 0; index < 16; index += 1) connections.push(await connect());
    await expect(
      connectToOwner(place.socketPath, { timeoutMs: 5_000, keyFile: place.keyFile }),
    ).rejects.toThrow('Proxy Tray closed the connection.');
    // The others still answer; one gone frees a place.
    expect(await connections[15]?.call('a', 1)).toMatchObject({ result: { ok: true } });
    connections[0]?.close();
    await expect
      .poll(async () => {
        const again = await connectToOwner(place.socketPath, {
          timeoutMs: 5_000,
          keyFile: place.keyFile,
        }).catch(() => undefined);
        again?.close();
        return again !== undefined;
      })
      .toBe(true);
  });

  it('closes a connection idle past the deadline, never one with a request in flight', async () => {
    const held = deferred<IpcResult<unknown>>();
    let calls = 0;
    await ownedAt(place, {
      idleMs: 100,
      handle: () => (++calls === 1 ? held.promise : echo('x', 1)),
    });
    const connection = await connect();
    const answer = connection.call('slow', undefined);
    // Many idle deadlines pass while the request is in flight.
    await new Promise((resolve) => setTimeout(resolve, 400));
    held.resolve({ ok: true, value: 'late' });
    expect(await answer).toEqual({ result: { ok: true, value: 'late' } });
    // Then idle again: closed.
    const peer = await rawPeer(place);
    await peer.closed;
    await expect(connection.call('x', 1)).rejects.toThrow('Proxy Tray closed the connection.');
  });

  it('rejects the calls in flight when the server goes away', async () => {
    const server = await ownedAt(place, { handle: () => new Promise(() => {}) });
    const connection = await connect();
    const pending = connection.call('plans:list', undefined);
    await server.close();
    await expect(pending).rejects.toThrow('Proxy Tray closed the connection.');
  });

  it('finds nobody when no one serves: no file, or a file a crash left', async () => {
    expect(
      await connectToOwner(place.socketPath, { timeoutMs: 5_000, keyFile: place.keyFile }),
    ).toBeUndefined();
    await leaveStaleSocketFile();
    expect(
      await connectToOwner(place.socketPath, { timeoutMs: 5_000, keyFile: place.keyFile }),
    ).toBeUndefined();
  });

  it('takes over a socket file a crash left', async () => {
    await leaveStaleSocketFile();
    await ownedAt(place);
    expect((await connect()).hello.owner).toBe('app');
  });

  it('a live owner keeps the socket: the second is told who holds it', async () => {
    await ownedAt(place, { owner: 'command-line' });
    expect(await serveAt(place, { owner: 'app' })).toEqual({
      kind: 'taken',
      owner: { proxyTray: 1, owner: 'command-line', pid: process.pid, access: true },
    });
    // The owner's socket is untouched and answers.
    expect((await connect()).hello.owner).toBe('command-line');
    // The loser left no file of its own behind.
    expect(fs.readdirSync(path.dirname(place.socketPath))).toEqual(['data.sock']);
  });

  it('makes the socket 0600 in a 0700 folder', async () => {
    await ownedAt(place);
    expect(fs.statSync(place.socketPath).mode & 0o777).toBe(0o600);
    expect(fs.statSync(path.dirname(place.socketPath)).mode & 0o777).toBe(0o700);
  });

  it('close removes its own socket file, never a newer owner’s', async () => {
    const first = await ownedAt(place);
    fs.rmSync(place.socketPath);
    const second = await ownedAt(place, { owner: 'command-line' });
    await first.close();
    expect((await connect()).hello.owner).toBe('command-line');
    await second.close();
    expect(fs.existsSync(place.socketPath)).toBe(false);
  });

  it('refuses a socket folder others can open, and serves nothing', async () => {
    fs.mkdirSync(path.dirname(place.socketPath), { mode: 0o777 });
    fs.chmodSync(path.dirname(place.socketPath), 0o777);
    await expect(serveAt(place)).rejects.toThrow(/can be opened by other users .*: remove it/);
  });

  it('the client sends nothing to a socket in a folder others can open: it may not be ours', async () => {
    const server = await ownedAt(place);
    fs.chmodSync(path.dirname(place.socketPath), 0o755);
    await expect(
      connectToOwner(place.socketPath, { timeoutMs: 5_000, keyFile: place.keyFile }),
    ).rejects.toThrow(
      /command-line folder .* can be opened by other users \(mode 755\) and is not private to you/,
    );
    fs.chmodSync(path.dirname(place.socketPath), 0o700);
    await server.close();
  });

  it('the client gives up on a socket that says nothing, and on one that is not Proxy Tray', async () => {
    fs.mkdirSync(path.dirname(place.socketPath), { mode: 0o700 });
    const stranger = { greeting: '' };
    const server = net.createServer((socket) => {
      if (stranger.greeting) socket.write(stranger.greeting);
      place.cleanups.push(() => socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(place.socketPath, resolve));
    place.cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    await expect(
      connectToOwner(place.socketPath, { timeoutMs: 100, keyFile: place.keyFile }),
    ).rejects.toThrow('Proxy Tray did not answer within 100 ms.');
    stranger.greeting = '{"hello":"world"}\n';
    await expect(
      connectToOwner(place.socketPath, { timeoutMs: 5_000, keyFile: place.keyFile }),
    ).rejects.toThrow('The socket does not speak Proxy Tray.');
    // And a server that finds it there does not remove it: it is not ours to.
    await expect(serveAt(place)).rejects.toThrow(
      `Command-line access is unavailable: something else holds ${place.socketPath}.`,
    );
    expect(fs.existsSync(place.socketPath)).toBe(true);
  });

  it('the client ends the connection on an answer to no call, or a refusal, saying which', async () => {
    fs.mkdirSync(path.dirname(place.socketPath), { mode: 0o700 });
    // A fake that knows the key: the answers, not the proof, are what is tested here.
    const key = readOrCreateCommandKey(place.keyFile);
    const hello = (challenge: string) =>
      `${JSON.stringify({ proxyTray: 1, owner: 'app', pid: 1, access: true, proof: proofOf(key, challenge) })}\n`;
    const replies = [
      ['{"id":99,"result":{"ok":true,"value":1}}\n', 'Proxy Tray sent a broken answer.'],
      ['{"id":0,"result":{"ok":"yes"}}\n', 'Proxy Tray sent a broken answer.'],
      [
        '{"id":null,"refused":"bad-request","message":"Too long."}\n',
        'Proxy Tray refused: Too long.',
      ],
    ] as const;
    const fake = { reply: '' };
    const server = net.createServer((socket) => {
      socket.once('data', (challenge: Buffer) => {
        socket.write(hello((JSON.parse(challenge.toString()) as { challenge: string }).challenge));
        socket.once('data', () => socket.write(fake.reply));
      });
      socket.on('error', () => {});
      place.cleanups.push(() => socket.destroy());
    });
    await new Promise<void>((resolve) => server.listen(place.socketPath, resolve));
    place.cleanups.push(() => new Promise((resolve) => server.close(resolve)));
    for (const [reply, message] of replies) {
      fake.reply = reply;
      const connection = await connect();
      const first = connection.call('a', 1);
      const second = connection.call('b', 2);
      await expect(first).rejects.toThrow(message);
      await expect(second).rejects.toThrow(message);
      await expect(connection.call('c', 3)).rejects.toThrow(message);
    }
  });
});

/** A socket file nobody listens on, as a crash leaves it: a link to a socket since closed. */
async function leaveStaleSocketFile(): Promise<void> {
  fs.mkdirSync(path.dirname(place.socketPath), { recursive: true, mode: 0o700 });
  const server = net.createServer();
  const own = `${place.socketPath}.live`;
  await new Promise<void>((resolve) => server.listen(own, resolve));
  fs.linkSync(own, place.socketPath);
  await new Promise((resolve) => server.close(resolve));
}
