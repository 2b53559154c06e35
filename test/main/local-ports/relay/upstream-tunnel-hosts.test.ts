import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SocketSet } from '../../../../src/main/local-ports/relay/socket-set';
import type { UpstreamProxy } from '../../../../src/main/upstream/upstream-proxy';
import { openUpstreamTunnel } from '../../../../src/main/local-ports/relay/upstream-tunnel';
import { startScriptedUpstream, type ScriptedUpstream } from '../raw-peers';

/**
 * The last line before a host is written into an upstream's CONNECT line and Host header: whoever
 * calls openUpstreamTunnel (the SOCKS side, HTTP CONNECT, plain requests to a SOCKS5 upstream), a
 * host that could break a head is refused before any connection is made.
 */
let upstream: ScriptedUpstream;
beforeAll(async () => {
  upstream = await startScriptedUpstream();
});
afterAll(async () => {
  await upstream.close();
});

describe.each(['http', 'socks5'] as const)('through a %s upstream', (protocol) => {
  const at = (): UpstreamProxy => ({
    protocol,
    host: '127.0.0.1',
    port: upstream.port,
    username: 'u',
    password: 'p',
  });

  it.each([
    'example.com\r\nX-Injected: yes',
    'example.com\n',
    'example.com\r',
    'example.com\0',
    'example.com HTTP/1.0',
    'example.com\t',
    'example\x7f.com',
  ])('refuses the host %j without opening anything', async (host) => {
    const sockets = new SocketSet();
    const tunnel = openUpstreamTunnel(at(), { host, port: 443 }, sockets, 1_000);
    await expect(tunnel).rejects.toMatchObject({
      kind: 'bad_destination',
      socksReply: 0x04,
      httpStatus: 400,
    });
    expect(sockets.size).toBe(0);
    expect(upstream.connections).toHaveLength(0);
  });
});
