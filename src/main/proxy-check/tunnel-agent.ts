import { hostAndPort } from '../../shared/credentials/url-parts';
import type { Agent, ClientRequest } from 'node:http';
import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { Socket as NetSocket, type Socket } from 'node:net';
import { HttpsProxyAgent } from 'https-proxy-agent';
import { SocksProxyAgent } from 'socks-proxy-agent';
import { isIPv6 } from '../../shared/api/ip-address';
import type { UpstreamEntry, UpstreamProxy } from '../upstream/upstream-proxy';

/** What the check learns from the agent while the tunnel is being opened. */
export interface TunnelWatcher {
  /** The tunnel is open: TCP plus the CONNECT or SOCKS5 handshake are done. */
  opened(): void;
  /** The proxy answered CONNECT with something other than 200. */
  refused(status: number): void;
}

type ConnectOptions = Parameters<HttpsProxyAgent<string>['connect']>[1];

/**
 * Always a CONNECT tunnel, also for an http:// echo URL (the agent then sends the request
 * through the raw tunnel): a plain forward-proxy request would let the proxy rewrite or answer
 * it, and the check is about the tunnel apps use.
 */
class WatchedHttpsProxyAgent extends HttpsProxyAgent<string> {
  constructor(
    proxyUrl: URL,
    private readonly signal: AbortSignal,
    private readonly watcher: TunnelWatcher,
  ) {
    super(proxyUrl);
  }

  override async connect(request: ClientRequest, options: ConnectOptions): Promise<Socket> {
    let status = 0;
    request.once('proxyConnect', (response: { statusCode: number }) => {
      status = response.statusCode;
    });
    const { result, sockets } = socketsOpenedBy(() => super.connect(request, options));
    // The agent has no timeout and takes no signal while it waits for the CONNECT answer, and
    // destroying the request does not reach that socket: without this, a silent proxy would
    // keep it open long after the check gave up.
    onAbort(this.signal, () => {
      for (const socket of sockets) socket.destroy();
    });
    const socket = await result;
    // On a non-200 answer the agent hands back a stand-in socket that replays the proxy's
    // response to the request; the watcher hears it here so the check does not take that
    // response for the echo service's.
    if (status === 200) this.watcher.opened();
    else this.watcher.refused(status);
    return socket;
  }
}

const NET_CLIENT_SOCKET = 'net.client.socket';

/**
 * Runs `open` and returns the sockets `net.connect` created during its synchronous part, which
 * is where the agent creates its socket to the proxy. Node announces them on a diagnostics
 * channel; nothing else runs between subscribing and unsubscribing, so no other socket slips in.
 */
function socketsOpenedBy<T>(open: () => T): { result: T; sockets: Socket[] } {
  const sockets: Socket[] = [];
  const collect = (message: unknown) => {
    const socket = (message as { socket?: unknown }).socket;
    if (socket instanceof NetSocket) sockets.push(socket);
  };
  subscribe(NET_CLIENT_SOCKET, collect);
  try {
    return { result: open(), sockets };
  } finally {
    unsubscribe(NET_CLIENT_SOCKET, collect);
  }
}

function onAbort(signal: AbortSignal, listener: () => void): void {
  if (signal.aborted) listener();
  else signal.addEventListener('abort', listener, { once: true });
}

class WatchedSocksProxyAgent extends SocksProxyAgent {
  constructor(
    proxyUrl: URL,
    handshakeTimeoutMs: number,
    private readonly watcher: TunnelWatcher,
  ) {
    // The socks client owns its socket and takes no abort signal, so its own timeout is what
    // bounds a handshake the proxy never answers, even after the check has given up on it.
    super(proxyUrl, { timeout: handshakeTimeoutMs });
  }

  override async connect(request: ClientRequest, options: ConnectOptions): Promise<Socket> {
    const socket = await super.connect(request, options);
    this.watcher.opened();
    return socket;
  }
}

/** An agent that opens one tunnel through the proxy and reports how it went. */
export function createTunnelAgent(
  proxy: UpstreamProxy,
  options: { signal: AbortSignal; timeoutMs: number; watcher: TunnelWatcher },
): Agent {
  if (proxy.protocol === 'http') {
    return new WatchedHttpsProxyAgent(proxyUrl('http:', proxy), options.signal, options.watcher);
  }
  // socks5h: the proxy resolves the echo service's host, as it does for apps set to remote DNS.
  // The exit address then belongs to the address family the proxy's own resolver picks, and a
  // name this computer cannot resolve (or resolves differently, or to IPv6 the proxy lacks)
  // does not fail a proxy that works.
  return new WatchedSocksProxyAgent(
    proxyUrl('socks5h:', proxy),
    options.timeoutMs,
    options.watcher,
  );
}

/**
 * The agents read credentials from the URL and decode them with decodeURIComponent, so they are
 * encoded the same way here: the URL setters alone leave `%` as is, which would garble (or throw
 * on) a password holding one.
 */
export function proxyUrl(scheme: 'http:' | 'socks5h:', entry: UpstreamEntry): URL {
  const url = new URL(`${scheme}//localhost`);
  url.hostname = isIPv6(entry.host) ? `[${entry.host}]` : entry.host;
  url.port = String(entry.port);
  url.username = encodeURIComponent(entry.username);
  url.password = encodeURIComponent(entry.password);
  return url;
}

/** The proxy as the user knows it, for messages. */
export function entryLabel(entry: Pick<UpstreamEntry, 'host' | 'port'>): string {
  return hostAndPort(entry.host, entry.port);
}
