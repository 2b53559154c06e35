import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { afterEach, expect, it } from 'vitest';
import { readBuffers } from '../../../../src/main/local-ports/relay/read-buffers';
import { until } from '../until';

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A connected socket whose peer reads nothing until `startReading` is called. */
async function socketToIdlePeer(): Promise<{ writer: Socket; startReading(): void }> {
  let peer: Socket | undefined;
  const server = createServer((socket) => {
    peer = socket;
    socket.pause();
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const writer = connect((server.address() as AddressInfo).port, '127.0.0.1');
  await once(writer, 'connect');
  await until(() => peer !== undefined);
  cleanups.push(() => {
    writer.destroy();
    peer?.destroy();
    server.close();
  });
  return { writer, startReading: () => peer?.resume() };
}

it('hands a buffer out again only once the writes reading it have finished', async () => {
  const { writer, startReading } = await socketToIdlePeer();
  const buffer = readBuffers.next();
  // Fill the system's buffers until a write has to wait: Node then keeps pointing into `buffer`.
  while (writer.write(buffer)) {
    /* keep writing */
  }
  expect(writer.writableLength).toBeGreaterThan(0);
  readBuffers.releaseAfterWrites(buffer, writer);
  const handedOut = [readBuffers.next(), readBuffers.next()];
  expect(handedOut).not.toContain(buffer);
  startReading();
  await until(() => writer.writableLength === 0);
  await new Promise((resolve) => setImmediate(resolve));
  expect(readBuffers.next()).toBe(buffer);
});

it('takes a buffer back at once when nothing is waiting to be written', async () => {
  const { writer } = await socketToIdlePeer();
  const buffer = readBuffers.next();
  writer.write(buffer.subarray(0, 10));
  await until(() => writer.writableLength === 0);
  readBuffers.releaseAfterWrites(buffer, writer);
  expect(readBuffers.next()).toBe(buffer);
});

it('leaves a buffer to the collector when its writer has ended, as it may still be flushing', async () => {
  const { writer } = await socketToIdlePeer();
  const buffer = readBuffers.next();
  writer.end(buffer);
  readBuffers.releaseAfterWrites(buffer, writer);
  expect([readBuffers.next(), readBuffers.next()]).not.toContain(buffer);
});
