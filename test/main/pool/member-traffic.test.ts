import { once } from 'node:events';
import { createServer, connect, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MemberTraffic } from '../../../src/main/pool/member-traffic';

/** A server that answers every byte it reads with two (so up and down differ). */
let server: Server;
beforeAll(async () => {
  server = createServer((socket) =>
    socket.on('data', (chunk: Buffer) => socket.write(Buffer.concat([chunk, chunk]))),
  );
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** A connection through which `bytes` went up and twice as many came down. */
async function exchanged(bytes: number): Promise<Socket> {
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('not listening');
  const socket = connect(address.port, '127.0.0.1');
  await once(socket, 'connect');
  socket.write(Buffer.alloc(bytes, 1));
  let received = 0;
  while (received < 2 * bytes) received += ((await once(socket, 'data')) as [Buffer])[0].length;
  return socket;
}

it("counts a member's connections and bytes, open and closed, each way", async () => {
  const traffic = new MemberTraffic();
  const first = await exchanged(10);
  traffic.opened(first);
  const second = await exchanged(100);
  traffic.opened(second);
  expect(traffic.snapshot()).toEqual({
    openConnections: 2,
    totalConnections: 2,
    bytesUp: 110,
    bytesDown: 220,
  });
  first.destroy();
  await once(first, 'close');
  // A closed connection's bytes still count; it is no longer open.
  expect(traffic.snapshot()).toEqual({
    openConnections: 1,
    totalConnections: 2,
    bytesUp: 110,
    bytesDown: 220,
  });
  traffic.destroyAll();
  await once(second, 'close');
  expect(traffic.snapshot()).toEqual({
    openConnections: 0,
    totalConnections: 2,
    bytesUp: 110,
    bytesDown: 220,
  });
});
