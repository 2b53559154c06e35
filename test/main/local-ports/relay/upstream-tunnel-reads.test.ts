import { createServer, type AddressInfo, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketSet } from '../../../../src/main/local-ports/relay/socket-set';
import { openUpstreamTunnel } from '../../../../src/main/local-ports/relay/upstream-tunnel';
import { listen } from '../../../../tools/local-network/listening';
import {
  startHttpProxy,
  startSocksProxy,
  type LocalServer,
} from '../../../../tools/local-network/proxy-servers';
import { until } from '../until';

// A tunnel opened with `reads` is read into the reused buffers: its handshake still works over
// the socket that emits no 'data', and every byte after it reaches `reads`, none as 'data'.

const LOGIN = { username: 'plan-user', password: 'upstream-Secret-7' };

let echo: Server;
let echoPort: number;
let upstreams: Record<'http' | 'socks5', LocalServer>;

beforeAll(async () => {
  // Answers each read with its bytes upper-cased, so that an answer cannot be our own write.
  echo = createServer((socket) =>
    socket.on('data', (chunk: Buffer) => socket.write(chunk.toString().toUpperCase())),
  );
  await listen(echo);
  echoPort = (echo.address() as AddressInfo).port;
  const [http, socks5] = await Promise.all([startHttpProxy(LOGIN), startSocksProxy(LOGIN)]);
  upstreams = { http, socks5 };
});
afterAll(async () => {
  await Promise.all([upstreams.http.close(), upstreams.socks5.close()]);
  echo.close();
});

describe.each(['http', 'socks5'] as const)('through a %s upstream', (protocol) => {
  it("hands the site's bytes to `reads`, none as 'data'", async () => {
    const sockets = new SocketSet();
    let read = '';
    const upstream = { protocol, host: '127.0.0.1', port: upstreams[protocol].port, ...LOGIN };
    const socket = await openUpstreamTunnel(
      upstream,
      { host: '127.0.0.1', port: echoPort },
      sockets,
      5_000,
      (length, buffer) => {
        read += Buffer.from(buffer.buffer, buffer.byteOffset, length).toString();
      },
    );
    let emitted = 0;
    socket.on('data', () => (emitted += 1));
    socket.write('hello through the tunnel');
    await until(() => read === 'HELLO THROUGH THE TUNNEL');
    expect(emitted).toBe(0);
    await sockets.destroyAll();
  });

  it('fails in words when the login is refused, leaving nothing open', async () => {
    const sockets = new SocketSet();
    const upstream = {
      protocol,
      host: '127.0.0.1',
      port: upstreams[protocol].port,
      username: 'plan-user',
      password: 'wrong',
    };
    await expect(
      openUpstreamTunnel(upstream, { host: '127.0.0.1', port: echoPort }, sockets, 5_000, () => {}),
    ).rejects.toThrow(/refused the login/);
    await until(() => sockets.size === 0);
  });
});
