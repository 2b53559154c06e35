import net from 'node:net';
import type { IpcResult } from '../../shared/ipc/ipc-error';
import { ANSWER_LINE_MAX_BYTES, frameLine, LineReader } from './command-frames';
import { socketFolderIsPrivate } from './socket-folder';
import { readOrCreateCommandKey } from './command-key';
import {
  badRequestSchema,
  commandAnswerSchema,
  helloSchema,
  type Challenge,
  type Hello,
} from './command-messages';
import { newChallenge, proves } from './command-proof';

export type CallAnswer = { result: IpcResult<unknown> } | { refused: 'access-off' };

export interface OwnerConnection {
  /** Who serves the data folder, and whether it answered with access on when we connected. */
  hello: Hello;
  /** One request; several may be in flight, answers are matched by id. */
  call(channel: string, input: unknown): Promise<CallAnswer>;
  close(): void;
}

const CLOSED = 'Proxy Tray closed the connection.';

/** The errors that mean nobody serves the path: no socket file, a stale one, no pipe. */
const NOBODY_SERVES = new Set(['ENOENT', 'ECONNREFUSED']);

/**
 * What serves the path answered, but could not prove it knows this user's key: another user (or
 * a program) holds the name and poses as Proxy Tray. Nothing but the challenge was sent to it.
 */
export class UnprovenOwnerError extends Error {
  constructor(path: string, keyFile: string, platform: NodeJS.Platform) {
    super(
      `The process at ${path} is not Proxy Tray: it cannot prove it knows this computer's command-line key (${keyFile}). Another user may be holding the ${platform === 'win32' ? "pipe's" : "socket's"} name.`,
    );
    this.name = 'UnprovenOwnerError';
  }
}

export interface ConnectOptions {
  timeoutMs: number;
  /** This user's command-line key (command-key.ts): the owner must prove it knows it. */
  keyFile: string;
  platform?: NodeJS.Platform;
}

/**
 * Connects to the process that owns a data folder, challenges it and reads its hello; undefined
 * when nobody serves it (the command line then runs on its own). Rejects when the socket's folder
 * is not private to the user (someone else's socket could be in it), when something answers but
 * cannot prove it knows the user's key (UnprovenOwnerError: a squatter of the name), or says
 * nothing within `timeoutMs`. Nothing but the challenge is sent before the proof is checked.
 * Nothing is unref-ed: the command waits on it.
 */
export function connectToOwner(
  path: string,
  { timeoutMs, keyFile, platform = process.platform }: ConnectOptions,
): Promise<OwnerConnection | undefined> {
  let key: Buffer;
  try {
    if (!socketFolderIsPrivate(path, platform)) return Promise.resolve(undefined);
    key = readOrCreateCommandKey(keyFile, platform);
  } catch (error) {
    return Promise.reject(error as Error);
  }
  const challenge = newChallenge();
  return new Promise((resolve, reject) => {
    const socket = net.createConnection(path, () => {
      socket.write(frameLine({ proxyTray: 1, challenge } satisfies Challenge));
    });
    const reader = new LineReader(ANSWER_LINE_MAX_BYTES);
    const pending = new Map<
      number,
      { resolve(answer: CallAnswer): void; reject(e: Error): void }
    >();
    let nextId = 0;
    let connection: OwnerConnection | undefined;
    let failure: Error | undefined;

    const fail = (error: Error) => {
      failure ??= error;
      socket.destroy();
    };
    const deadline = setTimeout(
      () => fail(new Error(`Proxy Tray did not answer within ${timeoutMs} ms.`)),
      timeoutMs,
    );

    socket.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(deadline);
      if (!connection && error.code && NOBODY_SERVES.has(error.code)) {
        failure = undefined;
        resolve(undefined);
        return;
      }
      failure ??= new Error(`${CLOSED} (${error.message})`);
    });
    socket.on('close', () => {
      clearTimeout(deadline);
      const error = failure ?? new Error(CLOSED);
      if (!connection) reject(error);
      for (const call of pending.values()) call.reject(error);
      pending.clear();
    });

    socket.on('data', (chunk: Buffer) => {
      for (const event of reader.push(chunk)) {
        if (event.kind !== 'message')
          return fail(new Error(`Proxy Tray's answer: ${event.message}`));
        if (!connection) {
          const hello = helloSchema.safeParse(event.value);
          if (!hello.success || !proves(key, challenge, hello.data.proof)) {
            return fail(
              claimsToBeProxyTray(event.value)
                ? new UnprovenOwnerError(path, keyFile, platform)
                : new Error('The socket does not speak Proxy Tray.'),
            );
          }
          clearTimeout(deadline);
          const { proof: _checked, ...said } = hello.data;
          connection = open(said);
          resolve(connection);
          continue;
        }
        const refusal = badRequestSchema.safeParse(event.value);
        if (refusal.success) return fail(new Error(`Proxy Tray refused: ${refusal.data.message}`));
        const answer = commandAnswerSchema.safeParse(event.value);
        const call = answer.success ? pending.get(answer.data.id) : undefined;
        if (!answer.success || !call) return fail(new Error('Proxy Tray sent a broken answer.'));
        pending.delete(answer.data.id);
        call.resolve(
          'result' in answer.data ? { result: answer.data.result } : { refused: 'access-off' },
        );
      }
    });

    function open(hello: Hello): OwnerConnection {
      return {
        hello,
        call(channel, input) {
          if (socket.destroyed) return Promise.reject(failure ?? new Error(CLOSED));
          const id = nextId++;
          return new Promise<CallAnswer>((resolveCall, rejectCall) => {
            pending.set(id, { resolve: resolveCall, reject: rejectCall });
            socket.write(frameLine({ id, channel, input }));
          });
        },
        close: () => void socket.destroy(),
      };
    }
  });
}

/** A hello of ours, but for its proof (a missing or wrong one): an impostor, or an old version. */
function claimsToBeProxyTray(line: unknown): boolean {
  return typeof line === 'object' && line !== null && 'proxyTray' in line;
}
