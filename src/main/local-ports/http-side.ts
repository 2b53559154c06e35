import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Server, type PrepareRequestFunctionResult } from 'proxy-chain';
import { serveHttpConnect } from './http-connect';
import { relayHttp } from './http-relay';
import { LOCAL_REALM, localLoginAccepted } from './local-answer';
import type { SideContext } from './side-context';
import { UpstreamAgent } from './upstream-agent';

/** The local HTTP side: what a connection is handed to once its first byte says HTTP. */
export interface HttpSide {
  /** Takes a connection whose first bytes were read and put back (`socket.unshift`). */
  accept(socket: Socket): void;
  /** Drops pooled upstream connections (the sockets themselves are in the SocketSet). */
  close(): void;
}

/**
 * An HTTP upstream takes the app's requests as they are but for the login, so they are relayed
 * (http-relay.ts). A SOCKS5 upstream cannot: each plain request must be sent to its site as a
 * proxy would, which is what proxy-chain's Server does (below).
 */
export function createHttpSide(context: SideContext): HttpSide {
  if (context.upstream.protocol === 'http') {
    return { accept: (socket) => relayHttp(socket, context), close: () => {} };
  }
  return createProxyChainSide(context);
}

/**
 * proxy-chain's Server, never listening itself: its inner http.Server is fed the connections the
 * port accepts (`server.server.emit('connection', socket)`, as proxy-chain's own listen() would).
 * proxy-chain parses the requests, answers a missing local login with 407, and forwards plain
 * requests to their sites over tunnels through the SOCKS5 upstream (UpstreamAgent), dropping
 * hop-by-hop headers, the app's Proxy-Authorization among them. CONNECT is ours (http-connect.ts
 * says why).
 */
function createProxyChainSide(context: SideContext): HttpSide {
  const agent = new UpstreamAgent(context);
  const server = new Server({ authRealm: LOCAL_REALM, verbose: false });
  server.prepareRequestFunction = ({ request }): PrepareRequestFunctionResult => {
    if (!localLoginAccepted(request.headers['proxy-authorization'], context.localPassword)) {
      return { requestAuthentication: true, failMsg: 'This local port needs its password.' };
    }
    return { upstreamProxyUrl: null, httpAgent: agent };
  };
  const inner = server.server;
  inner.removeAllListeners('connect');
  inner.on('connect', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    const connect = {
      target: request.url ?? '',
      proxyAuthorization: request.headers['proxy-authorization'],
    };
    void serveHttpConnect(connect, socket, head, context);
  });

  return {
    accept: (socket) => {
      inner.emit('connection', socket);
      // The sniffer paused the socket to put its first bytes back; the http.Server only adds a
      // 'data' listener, which does not resume a stream paused by hand, so the request would
      // sit unread. (Checked against Node 22's http server: without this, nothing is answered.)
      socket.resume();
    },
    close: () => agent.destroy(),
  };
}
