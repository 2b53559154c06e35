// Opens many connections at once to a port on 127.0.0.1 whose process is busy (its parent waits on
// this child with spawnSync, so it takes none of them), then prints how many the system queued for
// it: `node --import tsx listen-queue-child.ts <port> <connections>`. Linux: the count is the
// listening socket's accept queue in /proc/net/tcp.
import { readFileSync } from 'node:fs';
import { connect } from 'node:net';

/**
 * How long connects may take to be answered. Those the queue holds are answered at once on
 * loopback; the rest are dropped and retried after a second, which must not be waited for.
 */
const SETTLE_MS = 800;

const [port = 0, count = 0] = process.argv.slice(2).map(Number);
const sockets = Array.from({ length: count }, () =>
  connect({ host: '127.0.0.1', port }).on('error', () => {}),
);
await new Promise<void>((resolve) => {
  let connected = 0;
  const settled = setTimeout(resolve, SETTLE_MS);
  for (const socket of sockets) {
    socket.once('connect', () => {
      connected += 1;
      if (connected < count) return;
      clearTimeout(settled);
      resolve();
    });
  }
});
process.stdout.write(`${queuedConnections(port)}\n`);
process.exit(0);

/** The accept queue of the socket listening on 127.0.0.1:`port` (rx_queue of its LISTEN line). */
function queuedConnections(port: number): number {
  const local = `0100007F:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const LISTEN = '0A';
  for (const line of readFileSync('/proc/net/tcp', 'latin1').split('\n').slice(1)) {
    const [, address, , state, queues] = line.trim().split(/\s+/);
    if (address === local && state === LISTEN) return parseInt(queues?.split(':')[1] ?? '', 16);
  }
  return Number.NaN;
}
