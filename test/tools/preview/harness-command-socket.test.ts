import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  connectToOwner,
  type OwnerConnection,
} from '../../../src/main/command-line/command-client';
import { commandKeyFile } from '../../../src/main/command-line/command-key';
import { serveCommands } from '../../../src/main/command-line/command-server';
import { commandSocketPathHere } from '../../../src/main/command-line/own-data-folder';
import { dispatchIpc } from '../../../src/main/ipc/ipc-dispatcher';
import { MemoryVault } from '../../../src/main/session/memory-vault';
import { startHarness, type Harness } from '../../../tools/preview/harness-server';
import { useApiServer } from '../reference-service/use-api-server';
import { DESKTOP_ONLY_CHANNELS } from '../../support/desktop-channels';

const api = useApiServer();
const rendererDir = fileURLToPath(new URL('../../../src/renderer', import.meta.url));
let base = '';
let dataDir = '';
const cleanups: (() => unknown)[] = [];

beforeEach(async () => {
  // A short private folder for the sockets: the path is read from the environment, as the CLI does.
  base = await mkdtemp(join(tmpdir(), 'pt-h-'));
  vi.stubEnv('PROXY_TRAY_RUNTIME_DIR', join(base, 'run'));
  dataDir = join(base, 'data');
});

afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.unstubAllEnvs();
  await rm(base, { recursive: true, force: true });
});

async function start(options: { deadlineMs?: number; signedIn?: boolean } = {}): Promise<Harness> {
  const harness = await startHarness({
    dataDir,
    vault: new MemoryVault(),
    rendererDir,
    ...(options.deadlineMs === undefined ? {} : { commandSocketDeadlineMs: options.deadlineMs }),
    ...(options.signedIn
      ? { signIn: { serviceUrl: api().baseUrl, token: api().tokenFor('demo') } }
      : {}),
  });
  cleanups.push(() => harness.close());
  return harness;
}

async function connect(harness: Harness): Promise<OwnerConnection> {
  const connection = await connectToOwner(harness.commandSocket, {
    timeoutMs: 5_000,
    keyFile: harness.commandKeyFile,
  });
  if (!connection) throw new Error('The harness serves no socket');
  cleanups.push(() => connection.close());
  return connection;
}

describe.runIf(process.platform !== 'win32')("the harness's command socket", () => {
  it('is the socket of its data folder, under PROXY_TRAY_RUNTIME_DIR', async () => {
    const harness = await start();
    expect(harness.commandSocket).toBe(commandSocketPathHere(dataDir));
    expect(harness.commandSocket.startsWith(join(base, 'run'))).toBe(true);
    expect((await connect(harness)).hello).toEqual({
      proxyTray: 1,
      owner: 'app',
      pid: process.pid,
      access: false,
    });
  });

  it('refuses calls until command-line access is on, then runs them as the popup would', async () => {
    const harness = await start({ signedIn: true });
    // The plans the start loads, loaded: the two answers compared below are of the same listing.
    await harness.services.plans.refresh();
    const connection = await connect(harness);
    expect(await connection.call('plans:list', undefined)).toEqual({ refused: 'access-off' });

    harness.services.settings.update({ commandLineAccess: true });
    const answer = await connection.call('plans:list', undefined);
    // The popup's own answer, through the same dispatch.
    expect(answer).toEqual({
      result: await dispatchIpc(harness.services.useCases, 'plans:list', undefined),
    });
    expect(answer).toMatchObject({ result: { ok: true, value: { plans: expect.any(Array) } } });

    // Input is checked against the contract, as the popup's is.
    expect(await connection.call('settings:update', { nope: 1 })).toMatchObject({
      result: { ok: false, error: { kind: 'invalid_request' } },
    });
  });

  it("refuses the desktop's own channels: a script does not quit the app nor open windows", async () => {
    const harness = await start();
    harness.services.settings.update({ commandLineAccess: true });
    const connection = await connect(harness);
    for (const channel of DESKTOP_ONLY_CHANNELS) {
      expect(await connection.call(channel, undefined)).toEqual({
        result: {
          ok: false,
          error: {
            kind: 'invalid_request',
            message: `Unknown request "${channel}".`,
          },
        },
      });
    }
    expect(harness.shell).toMatchObject({ hidden: 0, quitRequested: 0, logsFolderOpened: 0 });
  });

  it('a standalone command that holds the data makes the harness wait, then fail naming it', async () => {
    const command = await serveCommands({
      path: commandSocketPathHere(dataDir),
      keyFile: commandKeyFile(dataDir),
      owner: 'command-line',
      access: () => false,
      handle: () => Promise.reject(new Error('unused')),
    });
    if (command.kind !== 'owner') throw new Error('Expected to own the socket');
    cleanups.push(() => command.close());
    await expect(start({ deadlineMs: 600 })).rejects.toThrow(
      `The command line (pid ${process.pid}) is using Proxy Tray's data — a \`proxy-tray port\` in a terminal? Stop it, then start Proxy Tray again.`,
    );
    // Once the command stops, the harness starts and serves the socket itself.
    await command.close();
    const harness = await start({ deadlineMs: 600 });
    expect((await connect(harness)).hello.owner).toBe('app');
  });

  it('a second harness on the same data waits for the first, and starts once it closes', async () => {
    const first = await start();
    await expect(start({ deadlineMs: 0 })).rejects.toThrow(
      `Proxy Tray (pid ${process.pid}) is already running with this data.`,
    );
    const second = start({ deadlineMs: 20_000 });
    // The second is waiting (its services not built) while the first still owns the data.
    await new Promise((resolve) => setTimeout(resolve, 700));
    await first.close();
    const harness = await second;
    expect(harness.commandSocket).toBe(first.commandSocket);
    expect((await connect(harness)).hello.owner).toBe('app');
  });
});
