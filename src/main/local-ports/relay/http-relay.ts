import { connect, type Socket } from 'node:net';
import { HTTPParser } from 'http-parser-js';
import { bodyFraming } from './body-framing';
import { closeAfterReply } from './close-after-reply';
import type { ConnectionDeadlines } from './connection-deadlines';
import { connectTarget } from './http-connect';
import { originTarget } from './origin-target';
import {
  CHUNK_CLOSING,
  chunkOpening,
  connectHead,
  fieldValue,
  isAbsoluteTarget,
  lastChunk,
  originRequestHead,
  requestHead,
  responseHead,
} from './http-heads';
import type { ParsedHead } from './parsed-head';
import {
  localAnswer,
  localLoginAccepted,
  localLoginRequired,
  upstreamFailureAnswer,
} from './local-answer';
import { GatheredWrites } from './gathered-writes';
import { readBuffers } from './read-buffers';
import type { SideContext } from './side-context';
import { splice } from './splice';
import { strictParser, type StrictHttpParser } from './strict-http-parser';
import { upstreamProxyAuthorization } from '../../upstream/upstream-proxy';
import { basicUsername } from '../local-password';
import type { Binding } from './route';
import { openRoutedTunnel } from './routed-tunnel';
import { upstreamFailureOf, upstreamFailures, type UpstreamFailure } from './upstream-failure';
import type { Destination } from './destination';

// Heads are decoded byte for byte (latin1) and written back the same way: http-parser-js's
// default, 'ascii', clears each byte's high bit, which would mangle a UTF-8 file name in a
// Content-Disposition. No other code in the main process uses http-parser-js.
HTTPParser.encoding = 'latin1';

/** A parsed head as http-parser-js hands it to kOnHeadersComplete. */
interface HeadInfo extends ParsedHead {
  method: number;
  url: string;
  statusCode: number;
  statusMessage: string;
  upgrade: boolean;
}

/** A head callback's answer to http-parser-js: parse no body (the answer to HEAD). */
const SKIP_BODY = 1;
/** A head callback's answer to http-parser-js: stop after this head; what follows is not HTTP. */
const STOP_AFTER_HEAD = 2;

/**
 * What goes upstream: bytes as they are, or a head that ends with the upstream's login (rendered
 * again for another upstream when a pool moves the connection).
 */
type Outgoing = Buffer | string | ((proxyAuthorization: string) => Buffer | string);

/**
 * The most of what was written to a new upstream connection that is kept until its first answer,
 * to send again through another upstream if this one turns out dead (refused, or 407). A request
 * with a longer body is not moved: it fails with the upstream, as it would through a single port.
 */
const MAX_HELD_BYTES = 64 * 1024;

/**
 * Requests for one site waiting for their tunnel (a SOCKS5 upstream): while it opens, or until
 * the answers due through the tunnel to another site are in.
 */
interface Queued {
  /** The site, as `host:port`: requests for the same one share its tunnel. */
  origin: string;
  destination: Destination;
  pieces: Outgoing[];
  requests: Awaited[];
}

/** A request sent upstream whose final answer has not all come back. */
interface Awaited {
  method: string;
  /**
   * CONNECT, or an Upgrade (WebSocket in absolute form): once the upstream has agreed (2xx to
   * CONNECT, 101 to an Upgrade), bytes pass as they are both ways; a refusal is relayed and the
   * connection closed, as the app's bytes after the head were meant for the new protocol.
   */
  opensTunnel: boolean;
}

/**
 * The local HTTP side: a relay. An HTTP upstream is itself a proxy that
 * takes the same absolute-form requests the app sends, so each request goes on over one upstream
 * connection per app connection with its head rewritten (the app's Proxy-Authorization dropped,
 * the upstream's login added), and the answers come back in order. Bodies pass as the bytes
 * they arrived in (slices of the read buffers, never copied), with http-parser-js reading the
 * framing on both sides: this forwards a download at the speed of a plain pipe, where a full
 * proxy (proxy-chain's forward(): Node's HTTP client, a stream pipeline and a copy of every body
 * chunk in Node's parser) took twice the CPU and reached 0.73 of the direct speed
 * (`forward_throughput_vs_direct_ratio`, issue 16).
 *
 * CONNECT is relayed the same way, on an upstream connection of its own, and once the upstream
 * has opened the tunnel its bytes pass as they are (the same reused read buffers), as do those of
 * an Upgrade request once answered.
 *
 * A SOCKS5 upstream cannot take proxy requests, so there the relay is the proxy: its "upstream
 * connection" is a tunnel through the upstream to the request's site (routed-tunnel.ts, the path
 * CONNECT and the SOCKS side take, with the same worded failures), and each head goes in origin
 * form (http-heads.ts, originRequestHead), with no login. Requests for the tunnel's site follow
 * on it; one for another site waits, with the app's connection paused, until the answers due are
 * in, and then goes through a new tunnel. Bodies and answers are framed as for an HTTP upstream,
 * and the tunnels are read into the same reused buffers (upstream-tunnel.ts, TunnelReads): a
 * download takes 0.9 CPU s/GB and matches a bare pipe, where proxy-chain's full forward, which
 * this replaces, took 4.4 s/GB for 0.75 of the pipe's speed
 * (`forward_socks_upstream_vs_pipe_ratio`, issue 30; read the usual way, 'data' events with a new
 * buffer for every read, the tunnels cost 2.1 s/GB).
 *
 * Each app connection's upstream is the one its route binds it to (route.ts): a local port's one
 * upstream, or a pool's choice, kept for the connection's life. Until a new upstream connection
 * has answered, what was written to it is held (`MAX_HELD_BYTES`): if it could not be reached, or
 * refused our login (a 407: the request went nowhere), a pool moves the connection to another
 * upstream and the held bytes go there. Nothing is sent again once an upstream has read a request
 * it may have forwarded.
 *
 * What the relay answers itself: a missing local login (407, asked in the local realm), a
 * request it cannot forward (400), an upstream that refused our login (502 with the words: its
 * 407 would make the app ask the user for a password it cannot know), an upstream that could not
 * be reached, closed before answering, refused a CONNECT or took too long to open it (502/504 or
 * its status, with the words, kept in the port's stats: upstream-failure.ts, as on the SOCKS
 * side).
 */
export function relayHttp(app: Socket, context: SideContext, deadlines: ConnectionDeadlines): void {
  new HttpRelay(app, context, deadlines).start();
}

class HttpRelay {
  private readonly requests = strictParser(HTTPParser.REQUEST);
  private upstream: Socket | null = null;
  /** The upstream connection that opened a tunnel (CONNECT, Upgrade): its bytes pass unparsed. */
  private tunnelled: Socket | null = null;
  private readonly awaiting: Awaited[] = [];
  /** Whether part of the oldest awaited answer has reached the app (a failure then cuts it). */
  private answering = false;
  private requestChunked = false;
  private responseChunked = false;
  /** The answer being relayed is interim (100 Continue): the request still awaits its final one. */
  private interim = false;
  /** The answer being relayed has neither a length nor chunks: it ends when the upstream closes. */
  private answerRunsToClose = false;
  /** Trailer fields of the chunked body being relayed, each way. */
  private requestTrailers: string[] = [];
  private responseTrailers: string[] = [];
  /** What the app sent after a head that opens a tunnel, for the tunnel once it is open. */
  private heldForTunnel: Buffer = Buffer.alloc(0);
  /** Set when the app's bytes are no longer read as requests: what to do with the rest. */
  private stoppedReading: ((rest: Buffer) => void) | null = null;
  /** What to do once every awaited answer has reached the app. */
  private afterAnswers: (() => void) | null = null;
  /** The app connection's way out, bound at its first request (by the login it gave). */
  private binding: Binding | null = null;
  /** The login of the upstream the current connection goes to (built once per connection). */
  private proxyAuthorization = '';
  /** What went to the current upstream connection before its first answer, or null (see above). */
  private held: Outgoing[] | null = null;
  private heldBytes = 0;
  /**
   * The upstream connection not yet proven by an answer (a CONNECT's 2xx, a request's head), with
   * its connect time: the route hears it opened only then, so that a proxy that takes TCP
   * connections and then hangs is not counted a working one.
   */
  private unproven: { socket: Socket; connectMs: number } | null = null;
  /** A SOCKS5 upstream: requests go to their sites through tunnels, in origin form (see above). */
  private readonly toSites: boolean;
  /** The site the current tunnel leads to (`host:port`), with a SOCKS5 upstream. */
  private upstreamOrigin = '';
  /** Requests waiting for a tunnel, in order; the first one's is opening when `opening`. */
  private readonly queued: Queued[] = [];
  private opening = false;
  /** What one upstream read becomes for the app, sent as one write where it is small. */
  private readonly toAppGathered = new GatheredWrites((data) => this.writeToApp(data));

  constructor(
    private readonly app: Socket,
    private readonly context: SideContext,
    private readonly deadlines: ConnectionDeadlines,
  ) {
    this.toSites = context.route.protocol === 'socks5';
  }

  start(): void {
    const parser = this.requests;
    parser[HTTPParser.kOnHeadersComplete] = (info) => this.onRequestHead(info as HeadInfo);
    parser[HTTPParser.kOnBody] = (chunk) => this.onRequestBody(chunk);
    parser[HTTPParser.kOnHeaders] = (trailers) => {
      this.requestTrailers = trailers;
    };
    parser[HTTPParser.kOnMessageComplete] = () => this.onRequestComplete();
    this.app.on('data', this.onAppData);
    this.app.once('close', () => this.upstream?.destroy());
    // The sniffer paused the socket after putting its first bytes back.
    this.app.resume();
  }

  private readonly onAppData = (chunk: Buffer): void => {
    // Not corked: a write per piece costs less than Node's batched path on a body's big pieces
    // (measured on downloads: 0.6 s CPU per GB uncorked, 0.85 corked), and heads are small.
    const parsed = this.requests.execute(chunk);
    // A head begun and not complete must be within its deadline (slowloris).
    if (this.requests.inHead()) this.deadlines.handshakeBegan();
    if (parsed instanceof Error && !this.stoppedReading) {
      if (this.requests.inBody()) return this.abandonRequest();
      this.answerAndClose(localAnswer(400, 'The request could not be read as HTTP.'));
    }
    // Requests wait for a tunnel: the app is read again once they have gone (sendQueued).
    if (this.queued.length > 0) this.app.pause();
    const stopped = this.stoppedReading;
    if (stopped) {
      this.app.off('data', this.onAppData);
      this.app.pause();
      stopped(parsed instanceof Error ? Buffer.alloc(0) : chunk.subarray(parsed));
    }
  };

  private onRequestHead(info: HeadInfo): number | undefined {
    this.deadlines.handshakeDone();
    // The `?? ''` is for the type: http-parser-js reports only methods of its own table (its
    // mutant is equivalent, left to survive).
    const method = HTTPParser.methods[info.method] ?? '';
    const authorization = fieldValue(info, 'proxy-authorization');
    if (!localLoginAccepted(authorization, this.context.localPassword)) {
      return this.answerAndClose(localLoginRequired());
    }
    this.binding ??= this.context.route.bind(basicUsername(authorization));
    if (method === 'CONNECT') return this.sendConnect(info.url);
    if (!isAbsoluteTarget(info.url)) {
      return this.answerAndClose(
        localAnswer(400, 'This is a proxy: send it requests for http:// addresses.'),
      );
    }
    const framing = bodyFraming(info, 'request');
    if (framing === null || (info.upgrade && framing.kind === 'chunked')) {
      return this.answerAndClose(
        localAnswer(400, "The request's length is not plain: one Content-Length or chunked."),
      );
    }
    const site = this.toSites ? originTarget(info.url) : null;
    if (this.toSites && site === null) {
      return this.answerAndClose(
        localAnswer(400, 'This is a proxy: send it requests for http:// addresses.'),
      );
    }
    const head = (proxyAuthorization: string) =>
      site === null
        ? requestHead(method, info.url, info, framing, proxyAuthorization)
        : originRequestHead(method, site, info, framing);
    // Built once with the login of the connection's upstream (on a kept-alive connection, the one
    // it goes to); built again only for another upstream, or when none was chosen yet.
    const builtWith = this.proxyAuthorization;
    const built = head(builtWith);
    if (built === null || info.versionMajor !== 1) {
      return this.answerAndClose(localAnswer(400, 'The request could not be forwarded as it is.'));
    }
    const piece = (proxyAuthorization: string) =>
      (site !== null || proxyAuthorization === builtWith
        ? built
        : head(proxyAuthorization)) as Buffer;
    const request = { method, opensTunnel: info.upgrade };
    if (site === null) {
      this.toUpstream(piece);
      this.awaiting.push(request);
    } else {
      this.toSite(site.destination, piece, request);
    }
    this.requestChunked = framing.kind === 'chunked';
    return info.upgrade ? this.holdForTunnel() : undefined;
  }

  /**
   * A request head for `destination` (a SOCKS5 upstream): on the open tunnel if it leads there
   * and nothing waits, otherwise queued for a tunnel of its own (sendQueued).
   */
  private toSite(destination: Destination, head: Outgoing, request: Awaited): void {
    const origin = `${destination.host}:${destination.port}`;
    const last = this.queued.at(-1);
    if (last === undefined && this.upstream !== null && this.upstreamOrigin === origin) {
      this.toUpstream(head);
      this.awaiting.push(request);
    } else if (last?.origin === origin) {
      last.pieces.push(head);
      last.requests.push(request);
    } else {
      this.queued.push({ origin, destination, pieces: [head], requests: [request] });
      this.sendQueued();
    }
  }

  /**
   * Opens the tunnel for the first queued requests once every answer due through the current one
   * is in (answers come back in order, so the old tunnel is closed only then), and sends them.
   */
  private sendQueued(): void {
    const next = this.queued[0];
    if (next === undefined || this.opening || this.awaiting.length > 0) return;
    this.upstream?.destroy();
    this.upstream = null;
    this.opening = true;
    const { sockets, tunnelTimeoutMs } = this.context;
    const binding = (this.binding ??= this.context.route.bind(null));
    let read: (chunk: Buffer) => void = () => {};
    const reads = (length: number, buffer: Uint8Array): void => {
      read(Buffer.from(buffer.buffer, buffer.byteOffset, length));
      readBuffers.releaseAfterWrites(buffer, this.app);
    };
    openRoutedTunnel(binding, next.destination, sockets, tunnelTimeoutMs, reads).then(
      (socket) => {
        this.opening = false;
        // The app left, or was answered with a failure, while the tunnel opened.
        if (this.app.destroyed || this.queued[0] !== next) return void socket.destroy();
        this.queued.shift();
        this.upstreamOrigin = next.origin;
        read = this.relayFrom(socket, true);
        this.awaiting.push(...next.requests);
        for (const piece of next.pieces) this.writeUpstream(socket, piece);
        if (this.queued.length > 0 || this.stoppedReading) return;
        if (socket.writableNeedDrain) this.holdWhileDraining(this.app, socket);
        else this.app.resume();
      },
      // Opening is left set: the relay is done, by this failure or by the one that emptied the queue.
      (error: unknown) => {
        if (this.queued[0] === next) this.upstreamBroke(null, upstreamFailureOf(error));
      },
    );
  }

  /**
   * CONNECT goes to the upstream once the answers already due are in, on a connection of its own
   * (as browsers do): a proxy may not take CONNECT on a connection that carried requests (Node's
   * http.Server throws ERR_HTTP_SOCKET_ASSIGNED when one is still being answered). Its line is
   * written anew, with only the target and our login: nothing else of the app's reaches the
   * upstream. The tunnel must open within the port's tunnel timeout.
   */
  private sendConnect(target: string): number {
    const destination = connectTarget(target);
    if (destination === null) {
      return this.answerAndClose(localAnswer(400, 'The CONNECT target is not host:port.'));
    }
    return this.stopReading((rest) => {
      this.heldForTunnel = rest;
      this.whenAnswered(() => {
        this.upstream?.destroy();
        this.upstream = null;
        // Equivalent mutants, left to survive: `this.toSites` as true would open the same tunnel
        // through upstream-tunnel.ts's CONNECT, only read the usual way rather than into the
        // reused buffers (CPU, not bytes); `opensTunnel` is never read for a CONNECT, whose answer
        // is told by its method first (onAnswerHead).
        if (this.toSites) return void this.tunnelToSite(destination);
        this.awaiting.push({ method: 'CONNECT', opensTunnel: true });
        this.toUpstream((proxyAuthorization) => connectHead(destination, proxyAuthorization));
      });
    });
  }

  /** CONNECT with a SOCKS5 upstream: a tunnel through it to the target, spliced to the app. */
  private tunnelToSite(destination: Destination): void {
    const { sockets, tunnelTimeoutMs } = this.context;
    const binding = (this.binding ??= this.context.route.bind(null));
    openRoutedTunnel(binding, destination, sockets, tunnelTimeoutMs).then(
      (socket) => {
        // Equivalent as false, left to survive: splicing a destroyed app destroys the tunnel at
        // its first write error; the check says what is meant.
        if (this.app.destroyed) return void socket.destroy();
        this.app.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        socket.write(this.heldForTunnel);
        splice(this.app, socket);
      },
      (error: unknown) => void this.upstreamBroke(null, upstreamFailureOf(error)),
    );
  }

  /** After an Upgrade head, the app's bytes are the new protocol's: they wait for the answer. */
  private holdForTunnel(): number {
    return this.stopReading((rest) => {
      this.heldForTunnel = rest;
    });
  }

  /**
   * A body found malformed after its head went upstream: that request can never be completed, so
   * its upstream connection is cut and the app told at once (or cut too, if an answer is under way).
   */
  private abandonRequest(): void {
    this.upstream?.destroy();
    this.upstream = null;
    this.failApp(localAnswer(400, 'The request body could not be read as HTTP.'));
  }

  private onRequestBody(chunk: Buffer): void {
    writeBodyPiece(chunk, this.requestChunked, (data) => this.toUpstream(data));
  }

  private onRequestComplete(): void {
    if (this.requestChunked) this.toUpstream(lastChunk(this.requestTrailers));
    this.requestChunked = false;
    this.requestTrailers = [];
  }

  private stopReading(then: (rest: Buffer) => void): number {
    this.stoppedReading = then;
    return STOP_AFTER_HEAD;
  }

  /** Stops reading requests and, after the answers already awaited, writes `answer` and closes. */
  private answerAndClose(answer: string): number {
    const close = () => {
      this.upstream?.destroy();
      this.closeApp(answer);
    };
    this.stoppedReading ??= () => this.whenAnswered(close);
    return STOP_AFTER_HEAD;
  }

  private whenAnswered(then: () => void): void {
    if (this.awaiting.length === 0 && this.queued.length === 0) then();
    else this.afterAnswers = then;
  }

  /**
   * Writes to the upstream, opening a connection if there is none (the last one may have closed,
   * or this is the first request); nothing when no upstream could be chosen (the app was told).
   */
  private toUpstream(piece: Outgoing): void {
    // A body's pieces follow its head to the tunnel it waits for.
    const waiting = this.queued.at(-1);
    if (waiting !== undefined) return void waiting.pieces.push(piece);
    // With a SOCKS5 upstream only a head opens a tunnel (toSite): one that closed mid-request
    // failed that request, and the app was told (upstreamClosed).
    if (this.toSites && this.upstream === null) return;
    const upstream = this.upstream ?? this.openUpstream();
    if (upstream !== null) this.writeUpstream(upstream, piece);
  }

  /** Writes `piece` to `upstream`, holding it for another upstream while it may be moved. */
  private writeUpstream(upstream: Socket, piece: Outgoing): void {
    const data = typeof piece === 'function' ? piece(this.proxyAuthorization) : piece;
    if (this.held !== null) {
      this.heldBytes += data.length;
      if (this.heldBytes > MAX_HELD_BYTES) this.held = null;
      else this.held.push(piece);
    }
    if (!upstream.write(data)) this.holdWhileDraining(this.app, upstream);
  }

  private toApp(data: Buffer | string): void {
    this.toAppGathered.add(data);
  }

  private writeToApp(data: Buffer | string): void {
    const upstream = this.upstream ?? this.tunnelled;
    if (!this.app.write(data) && upstream) this.holdWhileDraining(upstream, this.app);
  }

  /** Backpressure: stops reading `source` until `target` has written what it holds. */
  private holdWhileDraining(source: Socket, target: Socket): void {
    // Without this check a second 'drain' listener would resume the same socket (an equivalent
    // mutant, left to survive).
    if (source.isPaused()) return;
    source.pause();
    target.once('drain', () => {
      // Not killed by a test: the app must be held back by an upload at the very read that holds
      // the head that stops reading (a CONNECT after the body), which a test cannot bring about
      // (a 32 MB upload with a CONNECT behind it did not); resuming it then would drop its bytes.
      if (source === this.app && (this.stoppedReading || this.queued.length > 0)) return;
      source.resume();
    });
  }

  /**
   * Opens a connection to the upstream the binding chooses; null when it has none left, after the
   * app was told why (`lastFailure`, the failure that moved it here, says more than "none").
   */
  private openUpstream(lastFailure: UpstreamFailure | null = null): Socket | null {
    const { sockets, tunnelTimeoutMs } = this.context;
    const binding = (this.binding ??= this.context.route.bind(null));
    const proxy = binding.choose();
    if (proxy === null) {
      this.upstreamBroke(null, lastFailure ?? upstreamFailures.noUpstream());
      return null;
    }
    this.proxyAuthorization = upstreamProxyAuthorization(proxy);
    const began = performance.now();
    let read: (chunk: Buffer) => void = () => {};
    // Always true: backpressure pauses the socket itself (holdWhileDraining), which a false here
    // would not do (Node only stops reading, and resume() would then not start it again).
    const onRead = (length: number, buffer: Uint8Array): boolean => {
      read(Buffer.from(buffer.buffer, buffer.byteOffset, length));
      readBuffers.releaseAfterWrites(buffer, this.app);
      return true;
    };
    const socket = sockets.add(
      connect({
        host: proxy.host,
        port: proxy.port,
        onread: { buffer: readBuffers.next, callback: onRead },
      }),
    );
    read = this.relayFrom(socket, false);
    this.held = [];
    this.heldBytes = 0;
    socket.setTimeout(tunnelTimeoutMs, () => {
      socket.destroy(upstreamFailures.timedOut());
    });
    // The timeout covers connecting, and a CONNECT until its answer (onAnswerHead).
    socket.once('connect', () => {
      this.unproven = { socket, connectMs: performance.now() - began };
      if (!this.awaiting.some((request) => request.method === 'CONNECT')) socket.setTimeout(0);
    });
    return socket;
  }

  /**
   * Makes `socket` the upstream connection and relays its answers to the app: each of its reads,
   * into the reused buffers, goes to the function returned. `connected`: a tunnel already open (a
   * SOCKS5 upstream's), rather than a connection to an HTTP upstream on its way.
   */
  private relayFrom(socket: Socket, connected: boolean): (chunk: Buffer) => void {
    let failure: UpstreamFailure | null = null;
    const answers = this.answerParser(socket);
    const read = (chunk: Buffer): void => {
      if (this.tunnelled === socket) return this.toApp(chunk);
      const parsed = this.toAppGathered.during(() => answers.execute(chunk));
      if (parsed instanceof Error) {
        failure = upstreamFailures.notHttp();
        socket.destroy();
      } else if (this.tunnelled === socket) {
        this.tunnel(socket, chunk.subarray(parsed));
      }
    };
    this.upstream = socket;
    socket.setNoDelay(true);
    socket.once('connect', () => {
      connected = true;
    });
    socket.on('error', (error) => {
      failure ??= upstreamFailureOf(error);
    });
    socket.once('end', () => {
      // An answer with neither a length nor chunks ends here, and so must the app's connection,
      // for the app to know it has it all.
      const endsHere = this.upstream === socket && this.answering && this.answerRunsToClose;
      answers.finish();
      if (endsHere) this.app.end();
    });
    socket.once('close', () => this.upstreamClosed(socket, failure, connected));
    return read;
  }

  private answerParser(socket: Socket): StrictHttpParser {
    const parser = strictParser(HTTPParser.RESPONSE);
    parser[HTTPParser.kOnHeadersComplete] = (info) => this.onAnswerHead(socket, info as HeadInfo);
    parser[HTTPParser.kOnBody] = (chunk) => this.onAnswerBody(chunk);
    parser[HTTPParser.kOnHeaders] = (trailers) => {
      this.responseTrailers = trailers;
    };
    parser[HTTPParser.kOnMessageComplete] = () => this.onAnswerComplete(socket);
    return parser;
  }

  private onAnswerHead(socket: Socket, info: HeadInfo): number | undefined {
    const request = this.awaiting[0];
    if (request === undefined) return this.upstreamBroke(socket, upstreamFailures.notHttp());
    if (info.statusCode === 407 && !this.toSites) {
      // Our login refused: the request went nowhere, so it may go through another upstream.
      if (this.moveElsewhere(socket, upstreamFailures.connectStatus(407))) return STOP_AFTER_HEAD;
      return this.upstreamBroke(socket, upstreamFailures.connectStatus(407));
    }
    if (request.method === 'CONNECT') return this.connectAnswered(socket, info.statusCode);
    this.held = null;
    this.proven(socket);
    const framing = bodyFraming(info, 'response');
    // 101 only to a request that asked to switch protocols: the app would read what follows as
    // HTTP, the upstream as something else.
    const switched = info.statusCode === 101;
    const head =
      framing === null || (switched && !request.opensTunnel)
        ? null
        : responseHead(info.statusCode, info.statusMessage, info, framing);
    if (head === null || framing === null) {
      return this.upstreamBroke(socket, upstreamFailures.notHttp());
    }
    this.toApp(head);
    this.answering = true;
    // From here the two sides talk the protocol they upgraded to.
    if (switched) return this.openTunnel(socket);
    this.interim = info.statusCode < 200;
    const bodiless =
      request.method === 'HEAD' || this.interim || [204, 304].includes(info.statusCode);
    this.responseChunked = framing.kind === 'chunked' && !bodiless;
    this.answerRunsToClose = !bodiless && framing.kind === 'unframed';
    return bodiless ? SKIP_BODY : undefined;
  }

  /**
   * The upstream's answer to CONNECT: 2xx opens the tunnel, anything else is a failure in words
   * (as the SOCKS side and a SOCKS5 upstream's CONNECT word theirs: upstream-failure.ts).
   */
  private connectAnswered(socket: Socket, status: number): number {
    socket.setTimeout(0);
    // Not moved: a refusal other than a 407 (onAnswerHead) is the destination's, not the upstream's.
    if (status < 200 || status > 299) {
      return this.upstreamBroke(socket, upstreamFailures.connectStatus(status));
    }
    this.held = null;
    this.proven(socket);
    this.toApp('HTTP/1.1 200 Connection Established\r\n\r\n');
    // Equivalent as false, left to survive: once the tunnel is open nothing fails the app any
    // more (the splice closes both sides), so the flag is not read again.
    this.answering = true;
    return this.openTunnel(socket);
  }

  private openTunnel(socket: Socket): number {
    this.tunnelled = socket;
    this.upstream = null;
    return STOP_AFTER_HEAD;
  }

  private onAnswerBody(chunk: Buffer): void {
    writeBodyPiece(chunk, this.responseChunked, (data) => this.toApp(data));
  }

  private onAnswerComplete(socket: Socket): void {
    if (socket !== this.upstream || !this.answering) return;
    if (this.responseChunked) this.toApp(lastChunk(this.responseTrailers));
    this.responseChunked = false;
    this.responseTrailers = [];
    this.answering = false;
    this.answerRunsToClose = false;
    // An interim answer (100 Continue) is followed by the final one to the same request.
    if (this.interim) return;
    const answered = this.awaiting.shift();
    // An Upgrade refused: what the app sent after its head was not HTTP, so nothing more is read.
    if (answered?.opensTunnel) {
      socket.destroy();
      this.closeApp();
      return;
    }
    // "A new upstream for each plain HTTP request": the next request opens a new connection,
    // through the upstream the route picks then.
    if (this.binding?.perRequest && this.awaiting.length === 0) {
      this.upstream = null;
      this.binding.release();
      socket.destroy();
    }
    // Requests for another site waited for these answers: their tunnel opens now.
    if (this.queued.length > 0) this.sendQueued();
    else if (this.awaiting.length === 0 && this.afterAnswers) {
      const then = this.afterAnswers;
      this.afterAnswers = null;
      then();
    }
  }

  /** The upstream opened a tunnel (CONNECT, Upgrade): from here both sides pass bytes as they are. */
  private tunnel(upstream: Socket, rest: Buffer): void {
    // The upstream's reads keep coming to onRead (an `onread` socket emits no 'data'), which
    // passes them on as they are from now on; splice takes the app's side and the closing.
    // Either may be empty: an empty write sends nothing.
    this.toApp(rest);
    upstream.write(this.heldForTunnel);
    this.stoppedReading = null;
    splice(this.app, upstream);
  }

  /** `socket` answered as a proxy should: the route hears it opened (see `unproven`). */
  private proven(socket: Socket): void {
    if (this.unproven?.socket !== socket) return;
    this.binding?.opened(socket, this.unproven.connectMs);
    this.unproven = null;
  }

  /** The upstream said something the relay cannot pass on: the app hears why, if it can. */
  private upstreamBroke(socket: Socket | null, failure: UpstreamFailure): number {
    this.context.stats.recordError(failure.message);
    this.failApp(upstreamFailureAnswer(failure));
    socket?.destroy();
    return STOP_AFTER_HEAD;
  }

  private upstreamClosed(
    socket: Socket,
    failure: UpstreamFailure | null,
    connected: boolean,
  ): void {
    if (socket !== this.upstream) return;
    const oldest = this.awaiting[0];
    // Closed while idle (its keep-alive ran out): the next request opens another connection.
    if (oldest === undefined) {
      this.upstream = null;
      return;
    }
    const why = failure ?? upstreamFailures.closed();
    // Never reached, or closed on a CONNECT it had not answered: nothing of the app's went through.
    const unsent = !connected || oldest.method === 'CONNECT';
    if (unsent && this.moveElsewhere(socket, why)) return;
    this.upstream = null;
    this.context.stats.recordError(why.message);
    this.failApp(upstreamFailureAnswer(why));
  }

  /**
   * The current upstream failed before it answered anything: when the route moves the connection
   * (a pool with another upstream to try), what was held goes to a new connection through it and
   * true is answered. False when nothing was held (too much, or an answer already came) or the
   * route keeps the connection where it is.
   */
  private moveElsewhere(socket: Socket, failure: UpstreamFailure): boolean {
    const held = this.held;
    // Equivalent mutants, left to survive: the binding is always set here (at the first head,
    // before any upstream); and answering false when no upstream is left only tells the app the
    // same failure again, on a connection already closing.
    if (held === null || this.answering || !this.binding?.failed(failure)) return false;
    this.upstream = null;
    socket.destroy();
    this.held = null;
    if (this.openUpstream(failure) === null) return true;
    // The app may be waiting for the dead connection to drain: it waits for the new one instead.
    // Not killed by a test: Node 22 asks a writer to wait at 64 KiB buffered, which is also the
    // most held for a move, so only a first read of exactly 64 KiB is held back when it moves
    // (at Node 20's 16 KiB, any upload between the two).
    if (!this.stoppedReading) this.app.resume();
    for (const piece of held) this.toUpstream(piece);
    return true;
  }

  /** Ends the app's connection after what was already meant for it and `reply`. */
  private closeApp(reply?: string): void {
    this.toAppGathered.flush();
    closeAfterReply(this.app, reply);
  }

  /** Stops at once, answers already due dropped: `answer`, or a cut if one is under way. */
  private failApp(answer: string): void {
    this.awaiting.length = 0;
    this.queued.length = 0;
    this.afterAnswers = null;
    // Not killed by a test: the app is answered and closed next (closeAfterReply destroys it once
    // the answer is out), so more of its bytes are read only while an answer waits on a full
    // window.
    this.stoppedReading ??= () => {};
    this.app.off('data', this.onAppData);
    // Part of an answer already went out: the app must see it cut, not a second answer.
    if (this.answering) this.app.destroy();
    else this.closeApp(answer);
  }
}

/** A piece of a body, as it came or, in a chunked body, framed as one chunk. */
function writeBodyPiece(
  piece: Buffer,
  chunked: boolean,
  write: (data: Buffer | string) => void,
): void {
  if (chunked) write(chunkOpening(piece.length));
  write(piece);
  if (chunked) write(CHUNK_CLOSING);
}
