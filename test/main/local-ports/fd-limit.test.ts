import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { createInterface, type Interface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  startHeaderEcho,
  startRecordingHttpProxy,
  type HeaderEcho,
  type RecordingProxy,
} from './recording-servers';
import { until } from './until';

/**
 * The app keeps working at its fd limit: a real process whose open-files limit is 128 runs a
 * local port while 1,000 connections are opened to it and held. The port takes what its budget
 * allows and refuses the rest at once; the process's own file writes still succeed (before, a
 * flood made `settings:update` and `proxy:set-label` fail with EMFILE and an accept error could
 * end the process), and once the flood is gone the port forwards again.
 */

const LOGIN = { username: 'plan-user', password: 'Fd-Limit-Secret-1' };
const CHILD = fileURLToPath(new URL('./fd-limit-child.ts', import.meta.url));

let upstream: RecordingProxy;
let origin: HeaderEcho;
let child: ChildProcessWithoutNullStreams;
let lines: Interface;
const flood: Socket[] = [];

/** The child's next line of output. */
function nextLine(): Promise<string> {
  return new Promise((resolve) => lines.once('line', resolve));
}

async function ask(command: string): Promise<string> {
  const answer = nextLine();
  child.stdin.write(`${command}\n`);
  return answer;
}

beforeAll(async () => {
  [upstream, origin] = await Promise.all([startRecordingHttpProxy(LOGIN), startHeaderEcho()]);
  const node = JSON.stringify(process.execPath);
  const args = [CHILD, String(upstream.port), LOGIN.username, LOGIN.password].map((arg) =>
    JSON.stringify(arg),
  );
  child = spawn('/bin/sh', ['-c', `ulimit -n 128 && exec ${node} --import tsx ${args.join(' ')}`], {
    stdio: 'pipe',
  });
  lines = createInterface({ input: child.stdout });
});
afterAll(async () => {
  for (const socket of flood) socket.destroy();
  child.kill();
  await Promise.all([upstream.close(), origin.close()]);
});

function get(port: number, path: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    socket.on('error', () => resolve(answer));
    socket.on('data', (chunk: Buffer) => {
      answer += chunk.toString('latin1');
      if (answer.includes('\r\n\r\n')) socket.destroy();
    });
    socket.on('close', () => resolve(answer));
    socket.write(`GET ${origin.url(path)} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`);
  });
}

it('keeps writing its own files under a flood of 1,000 held connections, and forwards again after', async () => {
  const port = Number(await nextLine());
  expect(await get(port, '/before')).toMatch(/^HTTP\/1\.1 200 /);

  for (let index = 0; index < 1_000; index += 1) {
    const socket = connect(port, '127.0.0.1');
    socket.on('error', () => {});
    flood.push(socket);
  }
  await until(() => flood.every((socket) => !socket.connecting || socket.destroyed), 15_000);
  expect(await ask('write')).toBe('wrote');
  const during = JSON.parse(await ask('stats')) as {
    openConnections: number;
    refusedConnections: number;
  };
  expect(during.openConnections).toBeGreaterThan(0);
  expect(during.refusedConnections).toBeGreaterThan(0);

  for (const socket of flood.splice(0)) socket.destroy();
  await until(
    async () =>
      (JSON.parse(await ask('stats')) as { openConnections: number }).openConnections === 0,
  );
  expect(await get(port, '/after')).toMatch(/^HTTP\/1\.1 200 /);
  expect(child.exitCode).toBeNull();
}, 60_000);
