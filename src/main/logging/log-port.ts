/**
 * Where plain-Node code writes what support may need to read: electron-log in the app and in the
 * browser harness (the same configuration, see configure-log.ts), a recorder in tests. Every
 * argument is redacted by the logger before any line is written, Errors and objects included,
 * so a caller may pass an error as it is.
 */
export interface Log {
  error(...data: unknown[]): void;
  warn(...data: unknown[]): void;
  info(...data: unknown[]): void;
}
