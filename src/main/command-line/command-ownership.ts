import type { Hello } from './command-messages';
import type { ServeCommandsOutcome } from './command-server';

export type OwnedCommands = Extract<ServeCommandsOutcome, { kind: 'owner' }>;

export interface ClaimOptions {
  /** One attempt to serve the socket (serveCommands with the caller's options). */
  serve: () => Promise<ServeCommandsOutcome>;
  /** How long a starting app waits for the current owner to stop (30 s). */
  deadlineMs?: number;
  retryMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const CLAIM_DEADLINE_MS = 30_000;
export const CLAIM_RETRY_MS = 500;

/** The data folder stays another process's: the starting app must not open its files. */
export class DataFolderTakenError extends Error {
  constructor(readonly owner: Hello) {
    super(takenMessage(owner));
    this.name = 'DataFolderTakenError';
  }
}

/**
 * What a starting app (or the harness) does when another process serves its data folder: waits
 * for it to stop — a `proxy-tray` command usually ends within seconds — trying again every half
 * second, then gives up with a message that names who holds the data.
 */
export async function claimCommandSocket(options: ClaimOptions): Promise<OwnedCommands> {
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const giveUpAt = now() + (options.deadlineMs ?? CLAIM_DEADLINE_MS);
  for (;;) {
    const outcome = await options.serve();
    if (outcome.kind === 'owner') return outcome;
    if (now() >= giveUpAt) throw new DataFolderTakenError(outcome.owner);
    await sleep(options.retryMs ?? CLAIM_RETRY_MS);
  }
}

export function takenMessage(owner: Hello): string {
  return owner.owner === 'command-line'
    ? `The command line (pid ${owner.pid}) is using Proxy Tray's data — a \`proxy-tray port\` in a terminal? Stop it, then start Proxy Tray again.`
    : `Proxy Tray (pid ${owner.pid}) is already running with this data. Quit it, then start Proxy Tray again.`;
}
