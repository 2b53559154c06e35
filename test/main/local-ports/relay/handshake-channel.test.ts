import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { HandshakeChannel } from '../../../../src/main/local-ports/relay/handshake-channel';
import { listen } from '../../../../tools/local-network/listening';
import { until } from '../until';

let server: ReturnType<typeof createServer>;
let client: Socket;
let peer: Socket;

beforeEach(async () => {
  server = createServer();
  await listen(server);
  const accepted = once(server, 'connection') as Promise<[Socket]>;
  client = connect((server.address() as AddressInfo).port, '127.0.0.1');
  [peer] = await accepted;
});
afterEach(() => {
  client.destroy();
  peer.destroy();
  server.close();
});

it("writes to the socket and reads what it is handed, as the handshake's code expects", async () => {
  const channel = new HandshakeChannel(client);
  const seen: string[] = [];
  peer.on('data', (chunk: Buffer) => seen.push(chunk.toString()));
  channel.on('data', (chunk: Buffer) => seen.push(`read ${chunk.toString()}`));
  channel.write('greeting');
  channel.received(Buffer.from('answer'));
  await until(() => seen.length === 2);
  expect(seen.sort()).toEqual(['greeting', 'read answer']);
});

it('ends with the socket while the handshake lasts', async () => {
  const channel = new HandshakeChannel(client);
  let ended = false;
  channel.on('end', () => (ended = true));
  channel.resume();
  peer.end();
  await until(() => ended);
  // The socket then closes (no half-open connections here), and the channel with it.
  await until(() => channel.destroyed);
});

it('fails and closes with the socket while the handshake lasts', async () => {
  const channel = new HandshakeChannel(client);
  const events: string[] = [];
  channel.on('error', (error: Error) => events.push(error.message));
  channel.on('close', () => events.push('close'));
  client.destroy(new Error('reset'));
  await until(() => events.includes('close'));
  expect(events).toEqual(['reset', 'close']);
});

it('destroys the socket with it while the handshake lasts (a failed handshake)', () => {
  const channel = new HandshakeChannel(client);
  channel.destroy(new Error('handshake failed'));
  expect(client.destroyed).toBe(true);
});

it('lets the socket go once detached: the rest is answered, and neither ends the other', async () => {
  const onClient = new HandshakeChannel(client);
  onClient.pause();
  onClient.received(Buffer.from('left over'));
  expect(onClient.detach()?.toString()).toBe('left over');
  onClient.destroy();
  expect(client.destroyed).toBe(false);

  const onPeer = new HandshakeChannel(peer);
  const events: string[] = [];
  onPeer.on('end', () => events.push('end'));
  onPeer.on('close', () => events.push('close'));
  onPeer.resume();
  onPeer.detach();
  // The socket's own owner listens for its errors once the channel let it go.
  peer.on('error', () => {});
  peer.emit('error', new Error('late'));
  client.end();
  await until(() => peer.closed);
  expect(events).toEqual([]);
  expect(onPeer.destroyed).toBe(false);
});
