import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { Server, type PrepareRequestFunctionResult } from 'proxy-chain';
import { LOCAL_REALM, localLoginAccepted, serveHttpConnect } from './http-connect';
import type { SideContext } from './side-context';
import { httpUpstreamUrl } from './upstream';
import { UpstreamAgent } from './upstream-agent';

/** The local HTTP side: what a connection is handed to once its first byte says HTTP. */
export interface HttpSide {
  /** Takes a connection whose first bytes were read and put back (`socket.unshift`). */
  accept(socket: Socket): void;
  /** Drops the agent's pooled upstream connections (the sockets themselves are in the SocketSet). */
  close(): void;
}

/**
 * proxy-chain's Server, never listening itself: its inner http.Server is fed the connections the
 * port accepts (`server.server.emit('connection', socket)`, as proxy-chain's own listen() would).
 * proxy-chain parses the requests, answers a missing local login with 407, and forwards plain
 * requests (dropping hop-by-hop headers, the client's Proxy-Authorization among them, and adding
 * the upstream's). CONNECT is ours (http-connect.ts says why).
 */
export function createHttpSide(context: SideContext): HttpSide {
  const agent = new UpstreamAgent(context);
  const { upstream } = context;
  // The upstream URL holds the password: it goes to proxy-chain only, which with `verbose` off
  // never logs it, and it is built once here rather than per request.
  const upstreamProxyUrl = upstream.protocol === 'http' ? httpUpstreamUrl(upstream) : null;

  const server = new ObservedServer((error) => {
    // proxy-chain's wording of an upstream that refused the login on a plain request.
    if (error.statusCode === 597 && error.message === 'Invalid upstream proxy credentials') {
      context.stats.recordError('the proxy refused the login (407)');
    }
  });
  server.prepareRequestFunction = ({ request }): PrepareRequestFunctionResult => {
    if (!localLoginAccepted(request, context.localPassword)) {
      return { requestAuthentication: true, failMsg: 'This local port needs its password.' };
    }
    return { upstreamProxyUrl, httpAgent: agent };
  };
  const inner = server.server;
  inner.removeAllListeners('connect');
  inner.on('connect', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    void serveHttpConnect(request, socket, head, context);
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

interface FailedRequestError extends Error {
  statusCode?: number;
}

/** proxy-chain's Server, telling us about each request it fails (it has no event for those). */
class ObservedServer extends Server {
  constructor(private readonly onFailedRequest: (error: FailedRequestError) => void) {
    super({ authRealm: LOCAL_REALM, verbose: false });
  }

  override failRequest(request: IncomingMessage, error: FailedRequestError): void {
    this.onFailedRequest(error);
    super.failRequest(request, error);
  }
}
