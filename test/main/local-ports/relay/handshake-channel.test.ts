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

it('ends, closes and fails with the socket while the handshake lasts, and then destroys it', async () => {
  const channel = new HandshakeChannel(client);
  const events: string[] = [];
  channel.on('end', () => events.push('end'));
  channel.on('close', () => events.push('close'));
  channel.resume();
  peer.end();
  await until(() => events.includes('end'));
  client.destroy(new Error('reset'));
  await until(() => events.includes('close'));
  expect(channel.destroyed).toBe(true);

  const second = new HandshakeChannel(peer);
  second.destroy(new Error('handshake failed'));
  await until(() => peer.destroyed);
});

it('lets the socket go once detached: the rest is answered, and neither ends the other', async () => {
  const onClient = new HandshakeChannel(client);
  onClient.pause();
  onClient.received(Buffer.from('left over'));
  expect(onClient.detach()?.toString()).toBe('left over');
  onClient.destroy();
  expect(client.destroyed).toBe(false);

  const onPeer = new HandshakeChannel(peer);
  onPeer.detach();
  client.destroy();
  await until(() => peer.closed);
  expect(onPeer.destroyed).toBe(false);
});
