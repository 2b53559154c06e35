import type { Log } from '../../../src/main/logging/log-port';

export interface LoggedLine {
  level: 'error' | 'warn' | 'info';
  data: unknown[];
}

/** The log port's stand-in where a test only needs to see what was logged, not a file. */
export class RecordingLog implements Log {
  readonly lines: LoggedLine[] = [];

  error(...data: unknown[]): void {
    this.lines.push({ level: 'error', data });
  }

  warn(...data: unknown[]): void {
    this.lines.push({ level: 'warn', data });
  }

  info(...data: unknown[]): void {
    this.lines.push({ level: 'info', data });
  }
}
