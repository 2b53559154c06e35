// A process with a low open-files limit (its parent sets `ulimit -n`) running one local port to
// the upstream proxy on the port given as argument. It prints the local port's number, then
// answers each line on stdin: `write` writes a file in a fresh folder (the app's own file work,
// as settings and labels do) and prints `wrote` or the error code; `stats` prints the port's.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { startLocalPort } from '../../../src/main/local-ports/local-port';

const [upstreamPort, username, password] = process.argv.slice(2);
const port = await startLocalPort({
  upstream: {
    protocol: 'http',
    host: '127.0.0.1',
    port: Number(upstreamPort),
    username: username ?? '',
    password: password ?? '',
  },
});
say(String(port.port));

/** One line of output for the parent. */
function say(line: string): void {
  process.stdout.write(`${line}\n`);
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line === 'write') {
    try {
      const folder = mkdtempSync(join(tmpdir(), 'fd-limit-'));
      writeFileSync(join(folder, 'settings.json'), '{}');
      rmSync(folder, { recursive: true });
      say('wrote');
    } catch (error) {
      say((error as NodeJS.ErrnoException).code ?? 'failed');
    }
  } else if (line === 'stats') {
    say(JSON.stringify(port.stats()));
  }
}
