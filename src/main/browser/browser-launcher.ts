import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { access, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { browserArguments } from './browser-arguments';
import { browserEnvironment } from './browser-environment';
import { firefoxPrefs, userJs } from './browser-firefox-prefs';
import type { BrowserKind } from './browser-kind';
import { browserLaunchErrors, errorCode } from './browser-launch-error';
import { checkStartUrl, parseLocalProxyUrl } from './browser-local-proxy';
import { signalBrowserTree } from './browser-process-kill';
import { StderrHead } from './browser-stderr-head';
import {
  createProfileFolder,
  keptProfileFolder,
  removeProfileFolder,
  removeStaleProfiles,
} from './browser-profile-folder';

export interface LaunchBrowserOptions {
  /** A candidate from findBrowsers (or any path with its kind). */
  browser: { path: string; kind: BrowserKind };
  /** The local port: `http://127.0.0.1:PORT` or `socks5://127.0.0.1:PORT`. Never upstream details. */
  proxyUrl: string;
  /** The first page: the IP echo, so that the user sees the exit address at once. */
  startUrl: string;
  /**
   * Names the profile folder, and is what makes a kept profile the same one next time: something
   * stable per proxy (its `host:port` or id), never its credentials.
   */
  proxyName: string;
  /** Keep the profile when the browser exits, and reuse it next time for the same proxy name. */
  keepProfile?: boolean;
  /** Send loopback addresses through the proxy too: for a local test page only. */
  proxyLoopback?: boolean;
  /** More switches, before the start page (`--headless=new` in tests). */
  extraArgs?: readonly string[];
}

export interface BrowserExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** `left-behind`: a throwaway profile could not be removed (removeStaleProfiles tries again). */
  profile: 'kept' | 'removed' | 'left-behind';
}

export interface BrowserHandle {
  pid: number;
  browserPath: string;
  profileDir: string;
  /** Settles once the browser has exited and its throwaway profile is gone; never rejects. */
  exited: Promise<BrowserExit>;
  /** The first lines it wrote to stderr (at most 5, each shortened): why a browser quit. */
  stderrHead(): string[];
  /** Ends the browser (all its processes), then settles as `exited` does. */
  close(): Promise<BrowserExit>;
}

/**
 * `already-open`: a browser for that kept profile is still running, and that one is returned.
 * Chromium would hand a second launch on the same profile to the running one and exit at once,
 * and Firefox refuses a profile in use, so neither would give a handle to a browser that is
 * really there; the caller can bring the user to the open one instead. Throwaway profiles never
 * clash: each launch gets its own, so several browsers per proxy are fine.
 */
export type BrowserLaunch =
  | { status: 'launched'; browser: BrowserHandle }
  | { status: 'already-open'; browser: BrowserHandle };

export interface BrowserLauncherOptions {
  /** Where profiles are made, e.g. `<user data>/browser-profiles`. */
  profilesDir: string;
  platform?: NodeJS.Platform;
  /** How long close() waits after asking politely before it kills. */
  closeGraceMs?: number;
}

/**
 * Opens browsers through local ports, each on a profile of its own, and cleans up after them.
 * Holds the running ones so that a kept profile is never opened twice and the app can close them
 * all when it quits (the local ports close then, and the browsers would be left with a dead proxy).
 */
export class BrowserLauncher {
  private readonly open = new Map<string, Promise<BrowserHandle>>();
  private readonly profilesDir: string;
  private readonly platform: NodeJS.Platform;
  private readonly closeGraceMs: number;

  constructor(options: BrowserLauncherOptions) {
    this.profilesDir = options.profilesDir;
    this.platform = options.platform ?? process.platform;
    this.closeGraceMs = options.closeGraceMs ?? 5_000;
  }

  async launch(options: LaunchBrowserOptions): Promise<BrowserLaunch> {
    // Both checked before anything is made on disk.
    const proxy = parseLocalProxyUrl(options.proxyUrl);
    const startUrl = checkStartUrl(options.startUrl);
    const keep = options.keepProfile ?? false;
    if (keep) {
      const running = this.open.get(keptProfileFolder(this.profilesDir, options.proxyName));
      if (running !== undefined) {
        // A launch still starting that then fails lets this one fail the same way.
        return { status: 'already-open', browser: await running };
      }
    }
    const starting = this.start(options, keep, (profileDir) =>
      browserArguments({
        kind: options.browser.kind,
        proxy,
        profileDir,
        startUrl,
        proxyLoopback: options.proxyLoopback ?? false,
        extraArgs: options.extraArgs ?? [],
      }),
    );
    return { status: 'launched', browser: await starting };
  }

  /** The browsers this launcher started that are still running (or starting). */
  async running(): Promise<BrowserHandle[]> {
    const handles = await Promise.allSettled([...this.open.values()]);
    return handles.flatMap((handle) => (handle.status === 'fulfilled' ? [handle.value] : []));
  }

  /** Closes every browser this launcher started: call it when the app quits. */
  async closeAll(): Promise<void> {
    await Promise.all((await this.running()).map((browser) => browser.close()));
  }

  /** Throwaway profiles an earlier run left behind; call at start-up. */
  removeStaleProfiles(): Promise<string[]> {
    return removeStaleProfiles(this.profilesDir, new Set(this.open.keys()));
  }

  private start(
    options: LaunchBrowserOptions,
    keep: boolean,
    args: (profileDir: string) => string[],
  ): Promise<BrowserHandle> {
    const handle: Promise<BrowserHandle> = this.startIn(options, keep, args, (dir) =>
      this.open.set(dir, handle),
    );
    // Registered before the first await, so that a second launch on the same kept profile sees it.
    const key = keep ? keptProfileFolder(this.profilesDir, options.proxyName) : undefined;
    if (key !== undefined) this.open.set(key, handle);
    // The map never holds a failed launch.
    handle.catch(() => {
      if (key !== undefined && this.open.get(key) === handle) this.open.delete(key);
    });
    return handle;
  }

  private async startIn(
    options: LaunchBrowserOptions,
    keep: boolean,
    args: (profileDir: string) => string[],
    register: (profileDir: string) => void,
  ): Promise<BrowserHandle> {
    const keptBefore =
      keep && (await exists(keptProfileFolder(this.profilesDir, options.proxyName)));
    let dir: string;
    try {
      dir = await createProfileFolder(this.profilesDir, options.proxyName, keep);
    } catch (error) {
      throw browserLaunchErrors.profileFailed(this.profilesDir, errorCode(error));
    }
    register(dir);
    try {
      if (options.browser.kind === 'firefox') {
        const prefs = firefoxPrefs(parseLocalProxyUrl(options.proxyUrl), {
          proxyLoopback: options.proxyLoopback ?? false,
        });
        await writeFile(join(dir, 'user.js'), userJs(prefs), { mode: 0o600 }).catch(
          (error: unknown) => {
            throw browserLaunchErrors.profileFailed(dir, errorCode(error));
          },
        );
      }
      const child = await this.spawnBrowser(options.browser.path, args(dir));
      return this.watch(child, options.browser.path, dir, keep);
    } catch (error) {
      this.open.delete(dir);
      // A failed launch leaves nothing new behind: a kept profile only if it was there before.
      if (!keptBefore) await removeProfileFolder(dir);
      throw error;
    }
  }

  private async spawnBrowser(path: string, args: string[]): Promise<ChildProcess> {
    let child: ChildProcess;
    try {
      child = spawn(path, args, {
        // POSIX: its own process group (close() reaches all its processes; the app's terminal's
        // Ctrl-C does not). No shell: the arguments are passed as they are, never parsed.
        detached: this.platform !== 'win32',
        // stderr is read for the first lines only: a browser that quits at once says why there.
        stdio: ['ignore', 'ignore', 'pipe'],
        env: browserEnvironment(process.env),
      });
    } catch (error) {
      throw browserLaunchErrors.spawnFailed(path, errorCode(error));
    }
    try {
      await once(child, 'spawn');
    } catch (error) {
      throw browserLaunchErrors.spawnFailed(path, errorCode(error));
    }
    // Errors after the start (a signal to a process already gone) must not crash the app.
    child.on('error', () => {});
    // The app's event loop need not wait for the browser; its 'exit' is still heard.
    child.unref();
    return child;
  }

  private watch(child: ChildProcess, browserPath: string, profileDir: string, keep: boolean) {
    const stderr = new StderrHead();
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => stderr.push(chunk));
    // Like the child itself: the app's event loop need not wait for its stderr.
    (child.stderr as { unref?: () => void } | null)?.unref?.();
    const exited = new Promise<BrowserExit>((resolve) => {
      const onExit = async (code: number | null, signal: NodeJS.Signals | null) => {
        // What the browser left running (a renderer, a crash reporter) goes too, before its
        // profile does, so that nothing writes into a folder being removed.
        signalBrowserTree(child, 'SIGKILL', this.platform);
        // Its last words may still be in the pipe: read them before saying it exited.
        await stderrDrained(child);
        const profile = keep
          ? 'kept'
          : (await removeProfileFolder(profileDir))
            ? 'removed'
            : 'left-behind';
        this.open.delete(profileDir);
        resolve({ code, signal, profile });
      };
      // Heard in time: this runs in the same turn as the 'spawn' event, before any exit can arrive.
      child.once('exit', (code, signal) => void onExit(code, signal));
    });
    const close = async (): Promise<BrowserExit> => {
      if (child.exitCode === null && child.signalCode === null) {
        // Politely first: Chromium and Firefox save their state and end their children on SIGTERM.
        signalBrowserTree(child, 'SIGTERM', this.platform);
        const timer = setTimeout(
          () => signalBrowserTree(child, 'SIGKILL', this.platform),
          this.closeGraceMs,
        );
        await exited;
        clearTimeout(timer);
      }
      return exited;
    };
    return {
      pid: child.pid as number,
      browserPath,
      profileDir,
      exited,
      close,
      stderrHead: () => stderr.lines(),
    };
  }
}

/** How long an exited browser's stderr may take to be read to its end (its tree is killed). */
const STDERR_DRAIN_MS = 1000;

function stderrDrained(child: ChildProcess): Promise<void> {
  const { stderr } = child;
  if (!stderr || stderr.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, STDERR_DRAIN_MS);
    timer.unref();
    stderr.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}
