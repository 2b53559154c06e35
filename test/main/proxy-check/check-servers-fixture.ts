import { afterAll, afterEach, beforeAll } from 'vitest';
import type { CheckTarget } from '../../../src/main/proxy-check/check-proxy';
import { startEchoServer, type EchoServer } from '../../../tools/local-network/echo-server';
import {
  startHttpProxy,
  startSocksProxy,
  type Credentials,
  type LocalServer,
} from '../../../tools/local-network/proxy-servers';
import type { Proxy } from '../../../tools/reference-service/records';

/** A password with every character that breaks naive URL building, and easy to search for. */
export const PROXY_CREDENTIALS: Credentials = {
  username: 'tray-user',
  password: 'S3cr%t:p@ss/w0rd#?%41&=',
};

export interface CheckServers {
  echo: EchoServer;
  httpProxy: LocalServer;
  socksProxy: LocalServer;
}

/**
 * An echo service, an HTTP proxy and a SOCKS5 proxy for a whole test file, all real and local;
 * the connection counts start afresh for every test.
 */
export function useCheckServers(): () => CheckServers {
  let servers: CheckServers | undefined;
  beforeAll(async () => {
    servers = {
      // Dual stack: the checks read an IPv6 exit (`::1`) and an IPv4-mapped one.
      echo: await startEchoServer('::'),
      httpProxy: await startHttpProxy(PROXY_CREDENTIALS),
      socksProxy: await startSocksProxy(PROXY_CREDENTIALS),
    };
  });
  afterEach(() => {
    servers?.echo.releaseHeld();
    servers?.echo.resetHeld();
    for (const server of [servers?.echo, servers?.httpProxy, servers?.socksProxy]) {
      server?.sockets.reset();
    }
  });
  afterAll(async () => {
    await servers?.echo.close();
    await servers?.httpProxy.close();
    await servers?.socksProxy.close();
  });
  return () => {
    if (!servers) throw new Error('The check servers have not started');
    return servers;
  };
}

/** A target at a local server, with the right credentials and 127.0.0.1 assigned. */
export function targetAt(
  server: Pick<LocalServer, 'host' | 'port'>,
  overrides: Partial<CheckTarget> = {},
): CheckTarget {
  return {
    host: server.host,
    port: server.port,
    ...PROXY_CREDENTIALS,
    assignedIpv4: '127.0.0.1',
    assignedIpv6: '2001:db8::1',
    ...overrides,
  };
}

/**
 * Points a proxy of the service's data at a local proxy server, with the right credentials and
 * 127.0.0.1 assigned: as if the provider ran it here. `overrides` breaks what a test needs broken.
 */
export function pointAtLocal(
  proxy: Proxy,
  server: Pick<LocalServer, 'port'>,
  overrides: Partial<Proxy> = {},
): void {
  Object.assign(proxy, {
    ip: '127.0.0.1',
    port: server.port,
    ...PROXY_CREDENTIALS,
    assigned_proxy_ipv4: '127.0.0.1',
    ...overrides,
  });
}
