import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Server, type PrepareRequestFunctionResult } from 'proxy-chain';
import type { ConnectionDeadlines, DeadlineTimes } from './connection-deadlines';
import { serveHttpConnect } from './http-connect';
import { relayHttp } from './http-relay';
import {
  LOCAL_LOGIN_PROMPT,
  LOCAL_LOGIN_TEXT,
  LOCAL_REALM,
  localAnswerFields,
  localLoginAccepted,
} from './local-answer';
import type { SideContext } from './side-context';
import { basicUsername } from '../local-password';
import { UpstreamAgent } from './upstream-agent';

/** The local HTTP side: what a connection is handed to once its first byte says HTTP. */
export interface HttpSide {
  /**
   * Takes a connection whose first bytes were read and put back (`socket.unshift`), and its
   * deadlines: each request head must be complete in time.
   */
  accept(socket: Socket, deadlines: ConnectionDeadlines): void;
  /** Stops the HTTP server's checks (the sockets themselves are in the SocketSet). */
  close(): void;
}

/**
 * An HTTP upstream takes the app's requests as they are but for the login, so they are relayed
 * (http-relay.ts). A SOCKS5 upstream cannot: each plain request must be sent to its site as a
 * proxy would, which is what proxy-chain's Server does (below).
 */
export function createHttpSide(context: SideContext, times: DeadlineTimes): HttpSide {
  if (context.route.protocol === 'http') {
    return {
      accept: (socket, deadlines) => relayHttp(socket, context, deadlines),
      close: () => {},
    };
  }
  return createProxyChainSide(context, times);
}

/**
 * proxy-chain's Server, never listening itself: its inner http.Server is fed the connections the
 * port accepts (`server.server.emit('connection', socket)`, as proxy-chain's own listen() would).
 * proxy-chain parses the requests, answers a missing local login with 407, and forwards plain
 * requests to their sites over tunnels through the SOCKS5 upstream (UpstreamAgent), dropping
 * hop-by-hop headers, the app's Proxy-Authorization among them. CONNECT is ours (http-connect.ts
 * says why).
 */
function createProxyChainSide(context: SideContext, times: DeadlineTimes): HttpSide {
  const agents = new WeakMap<Socket, UpstreamAgent>();
  const server = new Server({ authRealm: LOCAL_REALM, verbose: false });
  const inner = server.server;
  const deadlinesOf = new WeakMap<Socket, ConnectionDeadlines>();
  // The first head's deadline is the port's (ConnectionDeadlines); later heads on a kept-alive
  // connection are timed by Node's own headersTimeout, whose checks start on 'listening' — an
  // event this server, fed connections rather than listening, never gets by itself. Idle
  // connections, kept alive or not, close after the port's idle time.
  inner.headersTimeout = times.handshakeMs;
  inner.requestTimeout = 0;
  // A constructor option in Node's typings, read from the server when the checks start.
  Object.assign(inner, { connectionsCheckingInterval: Math.min(1_000, times.handshakeMs) });
  inner.timeout = times.idleMs;
  inner.keepAliveTimeout = times.idleMs;
  inner.emit('listening');
  const headComplete = ({ socket }: IncomingMessage) =>
    deadlinesOf.get(socket as Socket)?.handshakeDone();
  server.prepareRequestFunction = ({ request }): PrepareRequestFunctionResult => ({
    upstreamProxyUrl: null,
    httpAgent: agentFor(request),
  });
  /**
   * The agent of the request's app connection, made at its first request with the upstream its
   * login binds it to, and destroyed with the connection. With "a new upstream for each plain
   * HTTP request", an agent for each request, bound anew, whose one tunnel closes after it.
   */
  function agentFor(request: IncomingMessage): UpstreamAgent {
    const app = request.socket as Socket;
    const kept = agents.get(app);
    if (kept) return kept;
    const agent = new UpstreamAgent(
      context,
      context.route.bind(basicUsername(request.headers['proxy-authorization'])),
    );
    if (agent.perRequest) return agent;
    agents.set(app, agent);
    app.once('close', () => agent.destroy());
    return agent;
  }
  // The local login is checked before proxy-chain sees a request, and a 407 goes out through
  // Node's response, in turn: proxy-chain writes its refusals straight to the socket, which lost
  // the answers still due to the requests pipelined before the refused one.
  const [forward] = inner.listeners('request') as Array<
    (request: IncomingMessage, response: ServerResponse) => void
  >;
  inner.removeAllListeners('request');
  inner.on('request', (request: IncomingMessage, response: ServerResponse) => {
    headComplete(request);
    if (localLoginAccepted(request.headers['proxy-authorization'], context.localPassword)) {
      forward?.(request, response);
    } else {
      askForLocalLogin(response);
    }
  });
  inner.removeAllListeners('connect');
  inner.on('connect', (request: IncomingMessage, socket: Socket, head: Buffer) => {
    headComplete(request);
    const connect = {
      target: request.url ?? '',
      proxyAuthorization: request.headers['proxy-authorization'],
    };
    void serveHttpConnect(connect, socket, head, context);
  });

  return {
    accept: (socket, deadlines) => {
      deadlinesOf.set(socket, deadlines);
      inner.emit('connection', socket);
      // The sniffer paused the socket to put its first bytes back; the http.Server only adds a
      // 'data' listener, which does not resume a stream paused by hand, so the request would
      // sit unread. (Checked against Node 22's http server: without this, nothing is answered.)
      socket.resume();
    },
    close: () => {
      // Stops the checks 'listening' started (close() on a server that never listened does that
      // and reports it was not running, which is no news here).
      inner.close(() => {});
    },
  };
}

/** The 407 of a missing local login, as Node's response: after the answers already due. */
function askForLocalLogin(response: ServerResponse): void {
  response.writeHead(407, localAnswerFields(LOCAL_LOGIN_TEXT, LOCAL_LOGIN_PROMPT));
  response.end(LOCAL_LOGIN_TEXT);
}
