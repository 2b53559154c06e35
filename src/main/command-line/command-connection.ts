import type net from 'node:net';
import type { IpcResult } from '../../shared/ipc/ipc-error';
import { frameLine, LineReader, REQUEST_LINE_MAX_BYTES } from './command-frames';
import {
  challengeSchema,
  commandRequestSchema,
  type CommandOwner,
  type CommandRequest,
  type HelloLine,
} from './command-messages';
import { proofOf } from './command-proof';

/** How each connection is served: the server's options that reach a connection. */
export interface ConnectionOptions {
  /** Who serves: said in the hello, so a second starter can name who holds the data. */
  owner: CommandOwner;
  /** Read on every request: turning the setting off refuses the next request at once. */
  access: () => boolean;
  /** Runs one request (the dispatcher, in the composition): errors come back as data. */
  handle: (channel: string, input: unknown) => Promise<IpcResult<unknown>>;
  /** A connection with no request in flight for this long is closed (30 s). */
  idleMs?: number;
}

/** What a connection needs beyond the server's options: the key it proves it knows. */
export interface ServedConnectionOptions extends ConnectionOptions {
  /** This user's command-line key (command-key.ts). */
  key: Buffer;
}

export const COMMAND_IDLE_MS = 30_000;
/** Requests of one connection run at once; the next wait (and its reading stops) until one ends. */
export const REQUESTS_IN_FLIGHT_MAX = 32;

const BAD_REQUEST = 'A request must be {"id", "channel", "input"} with a whole id ≥ 0.';
const BAD_CHALLENGE = 'The first line must be {"proxyTray": 1, "challenge": 64 hex digits}.';

/**
 * One connection to the command socket, from challenge to close. Another local program may be on
 * the other end (any program of the user, once access is on): whatever it sends, the app's memory
 * and time stay bounded — one line at most 4 MiB, 32 requests at once, no reading while its
 * answers wait to be read, and closed after 30 s with nothing in flight (a peer that never sends
 * its challenge included).
 */
export function serveConnection(socket: net.Socket, options: ServedConnectionOptions): void {
  // A peer that resets or writes garbage: destroyed, never a crash of the app.
  socket.on('error', () => socket.destroy());
  const reader = new LineReader(REQUEST_LINE_MAX_BYTES);
  const waiting: CommandRequest[] = [];
  let inFlight = 0;
  let idleTimer: NodeJS.Timeout | undefined;
  const idle = (on: boolean) => {
    clearTimeout(idleTimer);
    // Unref: an idle peer must not keep a process that is otherwise done alive.
    if (on)
      idleTimer = setTimeout(() => socket.destroy(), options.idleMs ?? COMMAND_IDLE_MS).unref();
  };
  socket.on('close', () => idle(false));

  const open = () => !socket.destroyed && !socket.writableEnded;
  const write = (message: unknown) => {
    if (open()) socket.write(frameLine(message));
  };
  const refuse = (message: string) => {
    if (!open()) return;
    waiting.length = 0;
    socket.end(frameLine({ id: null, refused: 'bad-request', message }));
    // Nothing more is read; the socket goes once the refusal is out, or at the idle deadline if
    // the peer never reads it.
    socket.destroySoon();
    idle(true);
  };

  const run = ({ id, channel, input }: CommandRequest) => {
    // Read on every request: the setting turned off refuses the very next one.
    if (!options.access()) return write({ id, refused: 'access-off' });
    inFlight += 1;
    idle(false);
    void options
      .handle(channel, input)
      .catch((): IpcResult<unknown> => ({
        ok: false,
        error: { kind: 'internal', message: 'Proxy Tray could not answer this request.' },
      }))
      .then((result) => {
        inFlight -= 1;
        write({ id, result });
        if (inFlight === 0) idle(true);
        pump();
      });
  };

  /**
   * Runs what waits while there is room, and reads on only when nothing waits: a peer that sends
   * requests but never reads the answers stops being read, rather than fill the app's memory.
   */
  const pump = () => {
    while (waiting.length > 0 && inFlight < REQUESTS_IN_FLIGHT_MAX && !socket.writableNeedDrain) {
      run(waiting.shift() as CommandRequest);
    }
    if (waiting.length > 0 || socket.writableNeedDrain) socket.pause();
    else if (open()) socket.resume();
  };
  socket.on('drain', pump);

  // The client speaks first: nothing is said, not even who owns the data, before its challenge.
  let challenged = false;
  const answerChallenge = (line: unknown): boolean => {
    const challenge = challengeSchema.safeParse(line);
    if (!challenge.success) return false;
    challenged = true;
    write({
      proxyTray: 1,
      owner: options.owner,
      pid: process.pid,
      access: options.access(),
      proof: proofOf(options.key, challenge.data.challenge),
    } satisfies HelloLine);
    return true;
  };
  idle(true);

  socket.on('data', (chunk: Buffer) => {
    for (const event of reader.push(chunk)) {
      if (event.kind !== 'message') return refuse(event.message);
      if (!challenged) {
        if (!answerChallenge(event.value)) return refuse(BAD_CHALLENGE);
        continue;
      }
      const request = commandRequestSchema.safeParse(event.value);
      if (!request.success) return refuse(BAD_REQUEST);
      waiting.push(request.data);
    }
    pump();
  });
}
