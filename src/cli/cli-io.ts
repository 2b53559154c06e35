import type { Readable } from 'node:stream';

/** What a command reads and writes: the process's streams in use, in-memory ones in unit tests. */
export interface CliIo {
  readonly stdout: { write(text: string): unknown };
  readonly stderr: { write(text: string): unknown };
  readonly stdin: Readable;
  /** The environment, PROXY_TRAY_TOKEN already taken out of process.env (see main.ts). */
  readonly env: Readonly<Record<string, string | undefined>>;
  /** A person reads stdout (a table) rather than a program (one record per line). */
  readonly stdoutIsTerminal: boolean;
  readonly stderrIsTerminal: boolean;
  /** Resolves when the process is asked to stop: Ctrl+C or SIGTERM (connection/stop-signal.ts). */
  readonly stopped: () => Promise<void>;
}

/** Colour only for a person, and never when NO_COLOR is set to anything (no-color.org) or TERM=dumb. */
export function usesColour(io: CliIo, stream: 'stdout' | 'stderr'): boolean {
  const terminal = stream === 'stdout' ? io.stdoutIsTerminal : io.stderrIsTerminal;
  const noColor = io.env['NO_COLOR'];
  return terminal && (noColor === undefined || noColor === '') && io.env['TERM'] !== 'dumb';
}
