import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { closeServer, listen } from '../../../tools/local-network/listening';
import { trackSockets } from '../../../tools/local-network/socket-tracker';
import { until } from './until';

/**
 * One TCP connection seen from a test: everything it received so far, and a way to write
 * exactly the bytes a test wants the other side to get (framing edge cases a real server would
 * not produce on demand).
 */
export interface RawConnection {
  readonly socket: Socket;
  /** All bytes received so far, as latin1 text (byte for byte). */
  received(): string;
  /** Waits until the received text holds `text` `times` times. */
  waitFor(text: string, times?: number): Promise<void>;
  write(data: string | Buffer): void;
}

function rawConnection(socket: Socket): RawConnection {
  const chunks: Buffer[] = [];
  socket.on('error', () => {});
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const received = () => Buffer.concat(chunks).toString('latin1');
  return {
    socket,
    received,
    waitFor: (text, times = 1) => until(() => received().split(text).length - 1 >= times),
    write: (data) => void socket.write(data),
  };
}

/**
 * An "upstream proxy" whose answers the test writes by hand, byte for byte, on each connection
 * the local port opens to it.
 */
export interface ScriptedUpstream {
  readonly port: number;
  readonly connections: RawConnection[];
  /** Waits for the `index`th connection (0 = the first) and answers it. */
  connection(index?: number): Promise<RawConnection>;
  close(): Promise<void>;
}

export async function startScriptedUpstream(): Promise<ScriptedUpstream> {
  const connections: RawConnection[] = [];
  const server = createServer((socket) => connections.push(rawConnection(socket)));
  const sockets = trackSockets(server);
  await listen(server);
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    async connection(index = 0) {
      await until(() => connections.length > index);
      return connections[index] as RawConnection;
    },
    close: () => closeServer(server, sockets),
  };
}

/** An app's connection to a local port, writing and reading raw bytes. */
export async function rawApp(port: number): Promise<RawConnection> {
  const socket = connect(port, '127.0.0.1');
  const connection = rawConnection(socket);
  await new Promise((resolve) => socket.once('connect', resolve));
  return connection;
}
