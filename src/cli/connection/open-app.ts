import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectToOwner, UnprovenOwnerError } from '../../main/command-line/command-client';
import { CommandKeyError, commandKeyFile } from '../../main/command-line/command-key';
import { serveCommands } from '../../main/command-line/command-server';
import { commandSocketPathHere } from '../../main/command-line/own-data-folder';
import { dispatchCommand } from '../../main/ipc/command-dispatch';
import { keychainServiceOf } from '../../main/session/keychain-service';
import { KeytarVault } from '../../main/session/keytar-vault';
import { MemoryVault } from '../../main/session/memory-vault';
import { CliFailure } from '../cli-failure';
import type { CliIo } from '../cli-io';
import type { CommandSpec } from '../commands/command-table';
import { EXIT } from '../exit-codes';
import type { OpenApp } from '../run-cli';
import type { AppConnection } from './app-connection';
import { appDataFolder, isAppsOwnFolder } from './data-folder';
import { isSingleExecutable, loadInstalledKeytar } from './installed-keytar';
import { ACCESS_OFF, ownerConnection } from './owner-connection';
import { startStandalone, type StandaloneApp } from './standalone-app';

/** How long a command waits for another `proxy-tray` that holds the data (and will not share it). */
const OWNER_WAIT_MS = 10_000;
const HELLO_TIMEOUT_MS = 3_000;

/**
 * Connects the command line to the app's data. The socket decides who owns it: whoever serves the
 * data folder's socket (socket-path.ts) does. The running app (or a `proxy-tray` serving the data,
 * such as a foreground `port`) answers every command itself when its command-line access is on;
 * with nobody serving, this process serves the socket — which makes it the owner, so an app
 * starting meanwhile waits — and builds the app's services here.
 */
export function appOpener(io: CliIo): OpenApp {
  return async (command) => {
    const dataFolder = appDataFolder({
      platform: process.platform,
      env: io.env,
      home: os.homedir(),
    });
    const socket = commandSocketPathHere(dataFolder);
    const keyFile = commandKeyFile(dataFolder);
    const giveUpAt = Date.now() + OWNER_WAIT_MS;
    for (;;) {
      const owner = await connectToOwner(socket, { timeoutMs: HELLO_TIMEOUT_MS, keyFile }).catch(
        saidPlainly,
      );
      if (owner?.hello.access) return ownerConnection(owner);
      if (owner) {
        owner.close();
        if (owner.hello.owner === 'app') throw new CliFailure(ACCESS_OFF, EXIT.failed);
        if (Date.now() >= giveUpAt) {
          throw new CliFailure(
            `Another proxy-tray (pid ${owner.hello.pid}) is using Proxy Tray's data, and command-line access is off, so it cannot answer for this command: wait for it to end, or turn on Settings → Command-line access in Proxy Tray.`,
            EXIT.failed,
          );
        }
        await sleep(250);
        continue;
      }
      const standalone = await serveHere(socket, keyFile, dataFolder, io, command).catch(
        saidPlainly,
      );
      if (standalone) return standalone;
    }
  };
}

/** An impostor holds the name, or the key is unfit: said as it is, never as a bug of ours. */
function saidPlainly(error: unknown): never {
  if (error instanceof UnprovenOwnerError || error instanceof CommandKeyError) {
    throw new CliFailure(error.message, EXIT.failed);
  }
  throw error;
}

/** This process becomes the owner and builds the services; undefined when another got there first. */
async function serveHere(
  socket: string,
  keyFile: string,
  dataFolder: string,
  io: CliIo,
  command: CommandSpec | 'complete',
): Promise<AppConnection | undefined> {
  const started: { app?: StandaloneApp } = {};
  const served = await serveCommands({
    path: socket,
    keyFile,
    owner: 'command-line',
    access: () => started.app?.services.settings.get().commandLineAccess ?? false,
    handle: async (channel, input) => {
      // Access is off until the services exist: no request comes before them.
      if (!started.app) throw new Error('proxy-tray is starting.');
      return dispatchCommand(started.app.services.commands, channel, input);
    },
  });
  if (served.kind === 'taken') return undefined;
  const envToken = io.env['PROXY_TRAY_TOKEN'];
  const usesEnvToken =
    envToken !== undefined && envToken !== '' && command !== 'complete' && command.name !== 'login';
  let app: StandaloneApp;
  try {
    app = startStandalone({
      dataFolder,
      // A token given for this command is never written to the keychain, nor read from it.
      vault: usesEnvToken
        ? new MemoryVault()
        : new KeytarVault({
            service: keychainServiceOf(isAppsOwnFolder(io.env) ? undefined : dataFolder),
            ...(isSingleExecutable()
              ? { loadKeytar: () => loadInstalledKeytar(process.execPath) }
              : {}),
          }),
      reopenKeptPorts: command !== 'complete' && command.name === 'port',
      stopped: io.stopped,
    });
  } catch (error) {
    await served.close();
    throw error;
  }
  started.app = app;
  const close = async () => {
    await app.close();
    await served.close();
  };
  try {
    await app.services.session.restore();
    if (usesEnvToken) await signInWithEnvToken(app, io, envToken);
  } catch (error) {
    await close();
    throw error;
  }
  return { ...app, close };
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
