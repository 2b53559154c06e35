import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalPort, type LocalPort } from '../../../src/main/local-ports/local-port';
import { openFds, settledFds } from '../../support/open-fds';
import { deadPort } from '../../../tools/local-network/proxy-servers';
import { rawSocksClient, socks5, type RawSocksClient } from './socks-raw-clients';

/**
 * A refused SOCKS5 client must not cost a socket: the audit's 1,000 short connections, each
 * sending more bytes after its request and never closing, pinned the app at its fd limit.
 */
const LOCAL_PASSWORD = 'Local-Pa55word-For-Refusals';
const ROUNDS = 1_000;
/** Connections in flight at once: enough to be quick, few enough not to fill the backlog. */
const AT_ONCE = 100;
/** Bytes an app sends after its request without waiting for the answer (pipelined HTTP, say). */
const JUNK_AFTER = Buffer.from('GET / HTTP/1.1\r\nHost: example.com\r\n\r\n'.repeat(4));
const NO_AUTH = 0x00;
const USERNAME_PASSWORD = 0x02;
const GSSAPI = 0x01;
const LOOPBACK: [number, number, number, number] = [127, 0, 0, 1];

let open: LocalPort;
let withPassword: LocalPort;

beforeAll(async () => {
  // A dead upstream: the one kind that gets that far is refused for it.
  const upstream = { protocol: 'http', host: '127.0.0.1', port: await deadPort() } as const;
  open = await startLocalPort({ upstream: { ...upstream, username: 'u', password: 'p' } });
  withPassword = await startLocalPort({
    upstream: { ...upstream, username: 'u', password: 'p' },
    localPassword: LOCAL_PASSWORD,
  });
});
afterAll(async () => {
  await Promise.all([open.close(), withPassword.close()]);
});

const REFUSALS = [
  {
    kind: 'no acceptable method',
    port: () => open,
    request: socks5.greeting(GSSAPI),
    answer: [0x05, 0xff],
  },
  {
    kind: 'wrong local password',
    port: () => withPassword,
    request: [...socks5.greeting(USERNAME_PASSWORD), ...socks5.login('me', 'not-the-password')],
    answer: [0x05, USERNAME_PASSWORD, 0x01, 0x01],
  },
  {
    kind: 'unknown address type',
    port: () => open,
    request: [...socks5.greeting(NO_AUTH), 0x05, 0x01, 0x00, 0x09, 1, 2, 3, 4, 0, 80],
    answer: [0x05, NO_AUTH, ...socks5.reply(0x08)],
  },
  {
    kind: 'unsupported command (BIND)',
    port: () => open,
    request: [...socks5.greeting(NO_AUTH), ...socks5.connectIpv4(LOOPBACK, 80, 0x02)],
    answer: [0x05, NO_AUTH, ...socks5.reply(0x07)],
  },
  {
    kind: 'bad domain (CR/LF)',
    port: () => open,
    request: [...socks5.greeting(NO_AUTH), ...socks5.connectDomain('a.example\r\nX: 1', 80)],
    answer: [0x05, NO_AUTH, ...socks5.reply(0x04)],
  },
  {
    kind: 'upstream failure',
    port: () => open,
    request: [...socks5.greeting(NO_AUTH), ...socks5.connectDomain('example.com', 443)],
    answer: [0x05, NO_AUTH, ...socks5.reply(0x01)],
  },
];

/** One refused client: request and junk in one write, then it waits, holding its side open. */
async function refusedClient(port: number, request: number[]): Promise<RawSocksClient> {
  const client = await rawSocksClient(port);
  client.write(Buffer.concat([Buffer.from(request), JUNK_AFTER]));
  await client.waitForServerClose();
  return client;
}

describe.each(REFUSALS)('a refused SOCKS5 client: $kind', ({ port, request, answer }) => {
  it(`costs no fd, ${ROUNDS} times over, though it sent more and never closed`, async () => {
    const baseline = openFds();
    const clients: RawSocksClient[] = [];
    for (let start = 0; start < ROUNDS; start += AT_ONCE) {
      const batch = Array.from({ length: Math.min(AT_ONCE, ROUNDS - start) }, () =>
        refusedClient(port().port, request),
      );
      clients.push(...(await Promise.all(batch)));
    }
    for (const client of clients) expect([...client.answer()]).toEqual(answer);

    // The clients still hold their side: every fd above theirs would be the port's.
    const stillOpen = clients.filter((client) => !client.socket.destroyed).length;
    const portHeld = (await settledFds(baseline + stillOpen)) - (baseline + stillOpen);
    expect(portHeld).toBe(0);

    for (const client of clients) client.socket.destroy();
    const socksRefused1000FdDelta = (await settledFds(baseline)) - baseline;
    expect(socksRefused1000FdDelta).toBe(0);
    expect(await port().getConnections()).toBe(0);
  });
});
