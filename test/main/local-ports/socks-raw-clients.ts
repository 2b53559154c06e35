import { connect, type Socket } from 'node:net';
import { until } from './until';

/**
 * A SOCKS5 client written byte by byte, to send what a well-behaved client library would not
 * (zero lengths, wrong versions, hostile domains, junk after a request). It never closes its own
 * side unless told to (`allowHalfOpen`), so a test sees whether the server closes the connection
 * by itself.
 */
export interface RawSocksClient {
  readonly socket: Socket;
  /** Every byte the server sent so far. */
  answer(): Buffer;
  /** Whether the server has closed its side (FIN) or the connection is gone. */
  serverClosed(): boolean;
  /** Waits until the server has closed; fails the test after `timeoutMs`. */
  waitForServerClose(timeoutMs?: number): Promise<void>;
  /** Waits until the server has sent at least `length` bytes. */
  waitForAnswer(length: number, timeoutMs?: number): Promise<void>;
  write(bytes: Buffer | number[]): void;
}

export async function rawSocksClient(port: number): Promise<RawSocksClient> {
  const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
  socket.setNoDelay(true);
  socket.on('error', () => {});
  const chunks: Buffer[] = [];
  let closedByServer = false;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.once('end', () => (closedByServer = true));
  socket.once('close', () => (closedByServer = true));
  await new Promise((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const answer = () => Buffer.concat(chunks);
  return {
    socket,
    answer,
    serverClosed: () => closedByServer,
    waitForServerClose: (timeoutMs = 5_000) => until(() => closedByServer, timeoutMs),
    waitForAnswer: (length, timeoutMs = 5_000) =>
      until(() => answer().length >= length || closedByServer, timeoutMs),
    write: (bytes) => void socket.write(Buffer.from(bytes)),
  };
}

/** Sends `bytes` on a new connection and answers what came back once the server has closed. */
export async function socksExchange(port: number, bytes: Buffer | number[]): Promise<Buffer> {
  const client = await rawSocksClient(port);
  client.write(bytes);
  try {
    await client.waitForServerClose();
    return client.answer();
  } finally {
    client.socket.destroy();
  }
}

/** The pieces of a SOCKS5 conversation, as bytes (RFC 1928, RFC 1929). */
export const socks5 = {
  greeting: (...methods: number[]) => [0x05, methods.length, ...methods],
  login: (username: string, password: string, version = 0x01) => {
    const user = Buffer.from(username);
    const pass = Buffer.from(password);
    return [version, user.length, ...user, pass.length, ...pass];
  },
  connectIpv4: (address: [number, number, number, number], port: number, command = 0x01) => [
    0x05,
    command,
    0x00,
    0x01,
    ...address,
    port >> 8,
    port & 0xff,
  ],
  connectDomain: (domain: Buffer | string, port: number, command = 0x01) => {
    const name = Buffer.from(domain);
    return [0x05, command, 0x00, 0x03, name.length, ...name, port >> 8, port & 0xff];
  },
  /** The server's reply to a request: VER, REP, RSV, then 0.0.0.0:0 as the bound address. */
  reply: (code: number) => [0x05, code, 0x00, 0x01, 0, 0, 0, 0, 0, 0],
};
