import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { LISTEN_BACKLOG, startLocalPort } from '../../../src/main/local-ports/local-port';

/**
 * A thousand apps connecting at once to a port whose process is busy are all queued by the system
 * until the port takes them: with Node's default queue (511) only 512 were, the system dropped the
 * other SYNs and those apps waited a second or more for a retransmit (issue 30). Linux, where the
 * queue can be read (/proc/net/tcp) and its cap is net.core.somaxconn.
 */

const CHILD = fileURLToPath(new URL('./listen-queue-child.ts', import.meta.url));
const CONNECTIONS = 1_000;

it('queues a thousand simultaneous connects while the port is busy', async () => {
  const port = await startLocalPort({
    upstream: { protocol: 'http', host: '127.0.0.1', port: 9, username: 'u', password: 'p' },
    maxConnections: CONNECTIONS * 2,
  });
  try {
    const systemCap = Number(readFileSync('/proc/sys/net/core/somaxconn', 'utf8'));
    // Blocks this process, so the port accepts nothing while the child connects.
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', CHILD, String(port.port), String(CONNECTIONS)],
      { encoding: 'utf8' },
    );
    // The queue holds one more than its length (a full queue is one over it).
    const queueHolds = Math.min(LISTEN_BACKLOG, systemCap) + 1;
    expect(Number(child.stdout.trim())).toBe(Math.min(CONNECTIONS, queueHolds));
    expect(queueHolds).toBeGreaterThan(CONNECTIONS);
  } finally {
    await port.close();
  }
});
