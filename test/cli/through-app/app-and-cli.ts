import { globalAgent } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { ChildProcess } from 'node:child_process';
import { transform } from 'esbuild';
import keytar from 'keytar';
import { afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { MemoryVault } from '../../../src/main/session/memory-vault';
import type { ProxyView } from '../../../src/shared/views/plans-view';
import { startHarness, type Harness } from '../../../tools/preview/harness-server';
import type { ApiServer } from '../../../tools/reference-service/server';
import { openFds, settledFds } from '../../support/open-fds';
import { makeCliPlace, type CliPlace } from '../support/cli-process';

// The popup's source page: the harness only needs its CSP and script tag, not a build.
const rendererDir = fileURLToPath(new URL('../../../src/renderer', import.meta.url));

export interface AppOptions {
  /** Settings → Command-line access; off by default, as in the app. */
  access?: boolean;
  /** Signed in to the demo account (in memory only: the harness's vault is a MemoryVault). */
  signedIn?: boolean;
  /** How long the harness waits for another owner of the data to stop. */
  deadlineMs?: number;
}

export interface AppAndCli {
  /** This test's data folder, socket folder and environment for the CLI's runs. */
  place(): CliPlace;
  /** The app without Electron, on this test's data folder, serving its command socket. */
  startApp(options?: AppOptions): Promise<Harness>;
  /** Started CLI processes still running at the end of the test are killed then. */
  track(child: ChildProcess): ChildProcess;
}

/**
 * A test of the built CLI against the running app: each test gets a data folder of its own, the
 * harness and the spawned CLI find the same socket (PROXY_TRAY_RUNTIME_DIR), and at the end every
 * harness is closed, every process ended, and the test process holds no more file descriptors
 * than before: a socket between the app and the CLI left open would show there.
 */
export function useAppAndCli(api: () => ApiServer): AppAndCli {
  let place: CliPlace | undefined;
  let fdsBefore = 0;
  const harnesses: Harness[] = [];
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    // What stays open for the whole test process once used, counted in no test: esbuild's service
    // (the harness bundles its bridge with it) and the keychain's D-Bus connection.
    await transform('');
    await keytar.findCredentials('proxy-tray-tests');
  });

  beforeEach(async () => {
    fdsBefore = openFds();
    place = await makeCliPlace();
    vi.stubEnv('PROXY_TRAY_RUNTIME_DIR', place.runtimeDir);
  });

  afterEach(async () => {
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        const ended = new Promise((resolve) => child.once('close', resolve));
        child.kill('SIGKILL');
        await ended;
      }
    }
    for (const harness of harnesses.splice(0).reverse()) await harness.close();
    // The app's requests to the service leave idle keep-alive connections in Node's shared agent,
    // for whatever request comes next; closed here, so that what is left open is a leak.
    globalAgent.destroy();
    vi.unstubAllEnvs();
    await place?.remove();
    expect(await settledFds(fdsBefore)).toBeLessThanOrEqual(fdsBefore);
  });

  const current = (): CliPlace => {
    if (!place) throw new Error('No place: call it inside a test');
    return place;
  };

  return {
    place: current,
    async startApp(options = {}) {
      const started = await startHarness({
        dataDir: current().dataDir,
        vault: new MemoryVault(),
        rendererDir,
        ...(options.deadlineMs === undefined
          ? {}
          : { commandSocketDeadlineMs: options.deadlineMs }),
        ...(options.signedIn === false
          ? {}
          : { signIn: { serviceUrl: api().baseUrl, token: api().tokenFor('demo') } }),
      });
      // A test may close it itself (to hand the data over); closing again at the end does nothing.
      let closed: Promise<void> | undefined;
      const harness = { ...started, close: () => (closed ??= started.close()) };
      harnesses.push(harness);
      if (options.access) harness.services.settings.update({ commandLineAccess: true });
      if (options.signedIn !== false) await harness.services.plans.refresh();
      return harness;
    },
    track(child) {
      children.push(child);
      return child;
    },
  };
}

/** The proxies of the harness's listing, as its popup shows them. */
export function proxiesOf(harness: Harness): ProxyView[] {
  return (harness.services.plans.snapshot().plans ?? []).flatMap((plan) => plan.proxies);
}

/** The proxies of the plans that accept changes (a blocked plan refuses them all). */
export function changeableProxiesOf(harness: Harness): ProxyView[] {
  return (harness.services.plans.snapshot().plans ?? [])
    .filter((plan) => !plan.is_blocked)
    .flatMap((plan) => plan.proxies);
}

/** The tokens the CLI keeps in the keychain for this data folder (none when it never signed in). */
export function keychainEntriesOf(place: CliPlace): Promise<unknown[]> {
  return keytar.findCredentials(place.keychainService);
}

/** Resolves with what the process printed on stdout once `pattern` appears there. */
export function printed(child: ChildProcess, pattern: RegExp): Promise<string> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    const onData = (chunk: Buffer) => {
      stdout += chunk.toString();
      if (pattern.test(stdout)) {
        child.stdout?.off('data', onData);
        resolve(stdout);
      }
    };
    child.stdout?.on('data', onData);
    child.once('close', (code) =>
      reject(new Error(`Ended (${String(code)}) before printing ${String(pattern)}: ${stdout}`)),
    );
  });
}
