import nodeLog from 'electron-log/node';
import { join } from 'node:path';
import { configureLog } from '../../src/main/logging/configure-log';

let harnessesLogged = 0;

/**
 * The harness's log: electron-log's Node entry configured as the app configures electron-log/main
 * (the same redaction, rotation and format), writing `<dataDir>/logs/main.log` and the console,
 * so a harness run and the app write the same lines.
 */
export function harnessLog(dataDir: string, maskKnownSecrets: (text: string) => string) {
  harnessesLogged += 1;
  // A logger of its own per harness: several run in one process during the tests.
  const logger = nodeLog.create({ logId: `harness-${harnessesLogged}` });
  return configureLog(logger, {
    directory: logsFolderOf(dataDir),
    console: true,
    maskKnownSecrets,
  });
}

export function logsFolderOf(dataDir: string): string {
  return join(dataDir, 'logs');
}
