import { once } from 'node:events';
import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { afterEach, beforeEach, vi } from 'vitest';

/** A connection over loopback: the client's end and the listener's (accepted) end. */
export interface SocketPair {
  client: Socket;
  accepted: Socket;
}

/**
 * A loopback listener handing out connected pairs, errors swallowed. The client end may stay
 * half-open (so a test sees what the code under test closes); the accepted end too with
 * `halfOpen`, otherwise it closes when the client ends, as a local port's and an upstream's do.
 */
export class SocketPairs {
  private readonly pairs: SocketPair[] = [];

  private constructor(private readonly server: Server) {}

  static async start({ halfOpen = false } = {}): Promise<SocketPairs> {
    const server = createServer({ allowHalfOpen: halfOpen });
    server.listen(0, '127.0.0.1');
    await once(server, 'listening');
    return new SocketPairs(server);
  }

  async pair(): Promise<SocketPair> {
    const accepted = once(this.server, 'connection').then(([socket]) => socket as Socket);
    const client = connect({
      port: (this.server.address() as AddressInfo).port,
      host: '127.0.0.1',
      allowHalfOpen: true,
    });
    client.on('error', () => {});
    const pair = { client, accepted: await accepted };
    pair.accepted.on('error', () => {});
    this.pairs.push(pair);
    return pair;
  }

  async close(): Promise<void> {
    for (const { client, accepted } of this.pairs) {
      client.destroy();
      accepted.destroy();
    }
    await new Promise((resolve) => this.server.close(resolve));
  }
}

/** How many listeners `socket` has for each of `events`, in order: to see that none was left behind. */
export function listenerCounts(socket: Socket, events: readonly string[]): number[] {
  return events.map((event) => socket.listenerCount(event));
}

/**
 * Fills what `socket` can hand to the system while `peer` reads nothing, so that its writes wait
 * (a client that stopped reading with its receive window full).
 */
export async function fillUntilHeld(socket: Socket, peer: Socket): Promise<void> {
  peer.pause();
  while (socket.write(Buffer.alloc(1024 * 1024))) {
    // Keep writing until Node itself holds bytes the system would not take.
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/** What `promise` settled to within `ms`, or 'pending': for code that must not wait for ever. */
export async function settledWithin<T>(
  promise: Promise<T>,
  ms: number,
): Promise<{ value: T } | { error: unknown } | 'pending'> {
  const timer = new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms));
  return Promise.race([
    promise.then(
      (value) => ({ value }),
      (error: unknown) => ({ error }),
    ),
    timer,
  ]);
}

/**
 * A SocketPairs for each test of the file, started before it and closed after it (with real
 * timers back first, for a test that faked them): call the function returned for the running
 * test's.
 */
export function useSocketPairs(options: { halfOpen?: boolean } = {}): () => SocketPairs {
  let current: SocketPairs | null = null;
  beforeEach(async () => {
    current = await SocketPairs.start(options);
  });
  afterEach(async () => {
    vi.useRealTimers();
    await current?.close();
    current = null;
  });
  return () => {
    if (current === null) throw new Error('Socket pairs are there only while a test runs.');
    return current;
  };
}
