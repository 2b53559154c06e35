import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import {
  startHeaderEcho,
  startRecordingHttpProxy,
  type HeaderEcho,
  type RecordingProxy,
} from './recording-servers';

/**
 * Real curl against the SOCKS5 side with an empty username (`-U :password`, which curl sends as
 * ULEN 0): it used to hang for want of a reply. Each run has a time limit well above what it
 * takes, so a hang shows as curl's timeout (exit 28), not as a stuck test.
 */
const CURL = '/usr/bin/curl';
const LOGIN = { username: 'plan-user', password: 'Upstream-Pa55word-Curl' };
const LOCAL_PASSWORD = 'Local-Pa55word-Curl';
const MAX_SECONDS = 10;
/** curl's exit code for a SOCKS proxy handshake failure (CURLE_PROXY). */
const CURLE_PROXY = 97;

let echo: HeaderEcho;
let upstream: RecordingProxy;
let port: LocalPort;

beforeAll(async () => {
  if (!existsSync(CURL)) {
    throw new Error(`${CURL} is missing: install the Debian package curl (apt-get install curl).`);
  }
  [echo, upstream] = await Promise.all([startHeaderEcho(), startRecordingHttpProxy(LOGIN)]);
  port = await startLocalPort({
    upstream: { protocol: 'http', host: '127.0.0.1', port: upstream.port, ...LOGIN },
    localPassword: LOCAL_PASSWORD,
  });
});
afterAll(async () => {
  await port.close();
  await Promise.all([echo.close(), upstream.close()]);
});

interface CurlRun {
  code: number;
  stdout: string;
  stderr: string;
  seconds: number;
}

/** Runs curl without blocking the event loop (the port answers it from this process). */
function curl(args: string[]): Promise<CurlRun> {
  const started = Date.now();
  return new Promise((resolve) => {
    execFile(
      CURL,
      ['--silent', '--show-error', '--max-time', String(MAX_SECONDS), ...args],
      (error, stdout, stderr) => {
        const code = error === null ? 0 : typeof error.code === 'number' ? error.code : -1;
        resolve({ code, stdout, stderr, seconds: (Date.now() - started) / 1000 });
      },
    );
  });
}

it.each([
  ['--socks5-hostname with -U :password', () => ['--socks5-hostname', `127.0.0.1:${port.port}`]],
  [
    'socks5h://:password@',
    () => ['--proxy', `socks5h://:${LOCAL_PASSWORD}@127.0.0.1:${port.port}`],
  ],
])('curl %s gets through with an empty username', async (_, proxy) => {
  const login = proxy()[0] === '--socks5-hostname' ? ['-U', `:${LOCAL_PASSWORD}`] : [];
  const run = await curl([...proxy(), ...login, echo.url('/through-curl')]);
  expect(run).toMatchObject({ code: 0, stderr: '' });
  expect(JSON.parse(run.stdout)).toMatchObject({ method: 'GET', url: '/through-curl' });
});

it.each([
  ['a wrong password', ':not-the-password'],
  ['an empty password', 'me:'],
])('curl with %s is refused at once, not left hanging', async (_, userAndPassword) => {
  const run = await curl([
    '--socks5-hostname',
    `127.0.0.1:${port.port}`,
    '-U',
    userAndPassword,
    echo.url('/refused'),
  ]);
  expect(run.code).toBe(CURLE_PROXY);
  expect(run.seconds).toBeLessThan(MAX_SECONDS / 2);
});
