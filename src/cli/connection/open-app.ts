import os from 'node:os';
import { keychainServiceOf } from '../../main/session/keychain-service';
import { KeytarVault } from '../../main/session/keytar-vault';
import { MemoryVault } from '../../main/session/memory-vault';
import { CliFailure } from '../cli-failure';
import type { CliIo } from '../cli-io';
import { EXIT } from '../exit-codes';
import type { OpenApp } from '../run-cli';
import type { AppConnection } from './app-connection';
import { appDataFolder, isAppsOwnFolder } from './data-folder';
import { startStandalone } from './standalone-app';
import { stopSignal } from './stop-signal';

/**
 * Connects the command line to the app's data: the app's own services, built in this process over
 * the app's folder and keychain entry.
 */
export function appOpener(io: CliIo): OpenApp {
  return async (command) => {
    const dataFolder = appDataFolder({
      platform: process.platform,
      env: io.env,
      home: os.homedir(),
    });
    const envToken = io.env['PROXY_TRAY_TOKEN'];
    const usesEnvToken =
      envToken !== undefined &&
      envToken !== '' &&
      command !== 'complete' &&
      command.name !== 'login';
    const app = startStandalone({
      dataFolder,
      // A token given for this command is never written to the keychain, nor read from it.
      vault: usesEnvToken
        ? new MemoryVault()
        : new KeytarVault({
            service: keychainServiceOf(isAppsOwnFolder(io.env) ? undefined : dataFolder),
          }),
      reopenKeptPorts: command !== 'complete' && command.name === 'port',
      stopped: stopSignal,
    });
    try {
      await app.services.session.restore();
      if (usesEnvToken) await signInWithEnvToken(app, io, envToken);
      return app;
    } catch (error) {
      await app.close();
      throw error;
    }
  };
}

/** PROXY_TRAY_TOKEN: this command's account, verified with the service and kept in memory only. */
async function signInWithEnvToken(app: AppConnection, io: CliIo, token: string): Promise<void> {
  const session = await app.call('session:status');
  const serviceUrl =
    io.env['PROXY_TRAY_SERVICE_URL'] || session.account?.serviceUrl || session.lastServiceUrl;
  if (!serviceUrl) {
    throw new CliFailure(
      'PROXY_TRAY_TOKEN is set, but not the service it is for: set PROXY_TRAY_SERVICE_URL too.',
      EXIT.signIn,
    );
  }
  await app.call('session:sign-in', { serviceUrl, token, sessionOnly: true });
}
