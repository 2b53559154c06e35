import type { NodeLogger } from 'electron-log';
import { join } from 'node:path';
import { redactSecrets } from '../api/redact';
import { redactionHook } from './redaction-hook';

/** Past this size main.log is renamed main.old.log (replacing the one before) and starts over. */
export const LOG_MAX_SIZE_BYTES = 1024 * 1024;

export interface LogConfiguration {
  /**
   * Masks the secrets only the app knows (the tokens it holds). The shapes of secrets — JWTs,
   * Authorization headers, password and token fields, passwords in proxy URLs — are masked
   * whatever this does.
   */
  maskKnownSecrets: (text: string) => string;
  /** The folder of main.log; electron-log's platform default (the app's logs folder) if omitted. */
  directory?: string;
  /** Also print each line to the console: development runs and the browser harness. */
  console: boolean;
  maxSizeBytes?: number;
}

/**
 * Sets up an electron-log logger (electron-log/main in the app, electron-log/node in the harness
 * and tests) the same way everywhere: redaction first, then a size-rotated file readable by the
 * user only, the console when asked, and no other transport.
 */
export function configureLog<Logger extends NodeLogger>(
  logger: Logger,
  config: LogConfiguration,
): Logger {
  const redactText = (text: string) => redactSecrets(config.maskKnownSecrets(text), []);
  // Appended last: whatever an earlier hook adds is redacted too.
  logger.hooks.push(redactionHook(redactText));

  const file = logger.transports.file;
  file.level = 'info';
  file.maxSize = config.maxSizeBytes ?? LOG_MAX_SIZE_BYTES;
  // The default archiveLogFn keeps one archive (main.old.log): at most twice maxSize on disk.
  // Account names and hosts are in there: the user's own, like the exports (mode 600).
  file.writeOptions = { flag: 'a', mode: 0o600, encoding: 'utf8' };
  const directory = config.directory;
  if (directory !== undefined) {
    file.resolvePathFn = (variables) => join(directory, variables.fileName ?? 'main.log');
  }

  logger.transports.console.level = config.console ? 'info' : false;
  // In a development build electron-log/main sends every line to every window over IPC; the
  // popup must never receive log lines. (Absent outside Electron.)
  const ipc = logger.transports['ipc'];
  if (ipc) ipc.level = false;
  logger.transports.remote.level = false;
  return logger;
}
