import Conf from 'conf';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { dispatchIpc } from '../../src/main/ipc/ipc-dispatcher';
import { createMainServices, type MainServices } from '../../src/main/main-services';
import { MemoryVault } from '../../src/main/session/memory-vault';
import type { IpcChannel } from '../../src/shared/ipc/channel-names';
import { ipcEventContract, type IpcInput, type IpcOutput } from '../../src/shared/ipc/contract';
import type { IpcResult } from '../../src/shared/ipc/ipc-error';
import { MemoryClipboard } from '../../tools/stand-ins/memory-clipboard';

/**
 * What reached the popup since the last reset, as the transport would carry it: every event and
 * every answer to its requests (a request's cost is what travels back, whichever way it goes).
 */
export interface ReceivedTally {
  events: number;
  answers: number;
  bytes: number;
  reset(): void;
}

export interface BenchServices {
  services: MainServices;
  received: ReceivedTally;
  /** One popup request, through the same dispatcher (input and output checked) as ipcMain's. */
  call<Channel extends IpcChannel>(
    channel: Channel,
    input?: IpcInput<Channel>,
  ): Promise<IpcOutput<Channel>>;
  close(): Promise<void>;
}

/**
 * The main process's services as the app builds them, signed in to `serviceUrl` over real HTTP
 * with the plans loaded, a memory vault in place of the keychain. Its emit does the work the
 * app's does for every event (sendIpcEvent: the contract's parse, then Electron's structured
 * clone, for which JSON.stringify stands in), and tallies the bytes the popup would receive.
 */
export async function startBenchServices(signIn: {
  serviceUrl: string;
  token: string;
}): Promise<BenchServices> {
  const dataDir = await mkdtemp(join(tmpdir(), 'proxy-tray-bench-services-'));
  const received: ReceivedTally = {
    events: 0,
    answers: 0,
    bytes: 0,
    reset() {
      this.events = 0;
      this.answers = 0;
      this.bytes = 0;
    },
  };
  const services = createMainServices({
    createStore: (storeOptions) => new Conf({ ...storeOptions, cwd: dataDir }),
    vault: new MemoryVault(),
    clipboard: new MemoryClipboard(),
    saveFile: async () => ({ saved: false }),
    browserProfilesDir: join(dataDir, 'browser-profiles'),
    emit: (event, payload) => {
      const text = JSON.stringify(ipcEventContract[event].parse(payload));
      received.events += 1;
      received.bytes += Buffer.byteLength(text);
    },
    hidePopup: () => {},
    quit: () => {},
    // Failures go to stderr: stdout carries only `key: value` lines.
    log: { error: console.error, warn: console.error, info: () => {} },
    openLogsFolder: async () => ({ ok: false, folder: dataDir, reason: 'not in a bench' }),
  });
  const call = async <Channel extends IpcChannel>(channel: Channel, input?: IpcInput<Channel>) => {
    const result = (await dispatchIpc(
      services.useCases,
      channel,
      input,
      console.error,
    )) as IpcResult<IpcOutput<Channel>>;
    received.answers += 1;
    received.bytes += Buffer.byteLength(JSON.stringify(result));
    if (!result.ok)
      throw new Error(`${channel} failed: ${result.error.kind}: ${result.error.message}`);
    return result.value;
  };
  await call('session:sign-in', signIn);
  // Signing in starts the first load; this joins it.
  const outcome = await call('plans:refresh');
  if (!services.plans.snapshot().plans) {
    throw new Error(`The plans did not load: ${outcome.error?.message}`);
  }
  received.reset();
  return {
    services,
    received,
    call,
    async close() {
      await services.shutdown();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The ids of `count` proxies spread evenly over the listing, in plans that accept changes (the
 * service refuses any change to a blocked plan's proxies).
 */
export function spreadProxyIds(services: MainServices, count: number): number[] {
  const plans = (services.plans.snapshot().plans ?? []).filter((plan) => !plan.is_blocked);
  const ids = plans.flatMap((plan) => plan.proxies.map((proxy) => proxy.id));
  const step = Math.max(1, Math.floor(ids.length / count));
  return Array.from({ length: count }, (_, index) => ids[(index * step) % ids.length] ?? 0);
}

/** Flips the rotation of one proxy through the popup's request; resolves once it is settled. */
export async function toggleRotation(bench: BenchServices, proxyId: number): Promise<void> {
  const current = bench.services.plans.proxy(proxyId).is_rotating === true;
  await bench.call('proxy:set-rotation', { proxyId, isRotating: !current });
}
