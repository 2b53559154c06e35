import type { UpdateStatus } from '../../shared/views/update-status';
import { realTimers, type Timers } from '../timers';
import { type UpdatePhase, updateFailure } from './update-failure';
import type { Updater } from './updater';

/** Soon after start, but not while the app is still starting and the network may not be up. */
export const FIRST_CHECK_AFTER_MS = 30_000;
export const CHECK_EVERY_MS = 4 * 60 * 60_000;

export const NOT_INSTALLED_MESSAGE = 'Updates are checked only in installed builds.';

export interface UpdateServiceOptions {
  /**
   * electron-updater's autoUpdater in an installed build; none where the build cannot replace
   * itself (a development run, the harness, the demo).
   */
  updater?: Updater;
  /** The "Check for updates automatically" setting, read whenever a check is due. */
  automatic: () => boolean;
  /** Told about failures nothing explains, for the log; the user sees a plain sentence. */
  onError?: (error: unknown) => void;
  timers?: Timers;
  now?: () => Date;
  firstCheckAfterMs?: number;
  checkEveryMs?: number;
}

type Listener = (status: UpdateStatus) => void;

/** States in which a check has nothing to do. */
const BUSY = new Set<UpdateStatus['state']>(['unavailable', 'downloading', 'ready']);

/**
 * The app's own updates: checks soon after start and then every few hours while the setting is
 * on, lets the updater download what it finds, and offers a restart once it is downloaded.
 * Failures become a quiet status, never a notification or a crash; the next check tries again.
 */
export class UpdateService {
  readonly #options: UpdateServiceOptions;
  readonly #timers: Timers;
  readonly #listeners = new Set<Listener>();
  #status: UpdateStatus;
  /** When the update server last answered a check. */
  #checkedAt: string | undefined;
  #handle: unknown;
  #checking: Promise<void> | undefined;
  #stopped = false;

  constructor(options: UpdateServiceOptions) {
    this.#options = options;
    this.#timers = options.timers ?? realTimers;
    const { updater } = options;
    this.#status = updater
      ? { state: 'idle' }
      : { state: 'unavailable', message: NOT_INSTALLED_MESSAGE };
    if (!updater) return;
    updater.on('update-available', (info) => {
      this.#checkedAt = this.#now();
      this.#set({ state: 'downloading', version: info.version });
    });
    updater.on('update-not-available', () => {
      this.#checkedAt = this.#now();
      this.#set({ state: 'idle', checkedAt: this.#checkedAt });
    });
    updater.on('update-downloaded', (info) => {
      this.#disarm();
      this.#set({ state: 'ready', version: info.version });
    });
    // A failed check or download also rejects its promise, which is where it is handled; what
    // arrives here alone comes from installing.
    updater.on('error', (error) => {
      if (this.#status.state === 'ready') this.#fail('install', error);
    });
  }

  status(): UpdateStatus {
    return this.#status;
  }

  onChange(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** Arms the first automatic check. */
  start(): void {
    this.#stopped = false;
    this.#arm(this.#options.firstCheckAfterMs ?? FIRST_CHECK_AFTER_MS);
  }

  /** The setting changed: on checks at once (and then on schedule), off stops the schedule. */
  automaticChanged(): void {
    if (this.#options.automatic()) this.#checkInBackground();
    else this.#disarm();
  }

  /**
   * Checks now (the "Check now" button, or the schedule) and resolves once the server answered;
   * an update found downloads on. Joins a check in progress; does nothing while downloading, once
   * an update is ready, or where updates are unavailable.
   */
  async checkNow(): Promise<UpdateStatus> {
    const { updater } = this.#options;
    if (updater && !BUSY.has(this.#status.state)) {
      this.#checking ??= this.#check(updater).finally(() => (this.#checking = undefined));
      await this.#checking;
    }
    // Counted from the last check, whoever asked for it; a download that fails is retried then.
    this.#arm(this.#options.checkEveryMs ?? CHECK_EVERY_MS);
    return this.#status;
  }

  /** Quits and installs the downloaded update; false (and nothing happens) while none is ready. */
  restart(): boolean {
    const { updater } = this.#options;
    if (!updater || this.#status.state !== 'ready') return false;
    updater.quitAndInstall();
    return true;
  }

  stop(): void {
    this.#stopped = true;
    this.#disarm();
  }

  /** For the schedule and the setting: nobody awaits these, and nothing may escape them. */
  #checkInBackground(): void {
    this.checkNow().catch((error: unknown) => this.#options.onError?.(error));
  }

  async #check(updater: Updater): Promise<void> {
    this.#set({ state: 'checking', checkedAt: this.#checkedAt });
    try {
      const result = await updater.checkForUpdates();
      // electron-updater downloads what it found by itself (autoDownload): its outcome arrives as
      // `update-downloaded`, or as this rejection (its `error` event is ignored meanwhile).
      result?.downloadPromise?.catch((error: unknown) => this.#fail('download', error));
      if (this.#status.state === 'checking') {
        this.#checkedAt = this.#now();
        this.#set({ state: 'idle', checkedAt: this.#checkedAt });
      }
    } catch (error) {
      this.#fail('check', error);
    }
  }

  #fail(phase: UpdatePhase, error: unknown): void {
    const failure = updateFailure(phase, error);
    if (failure.unexpected) this.#options.onError?.(error);
    this.#set({
      state: 'failed',
      message: failure.message,
      failedAt: this.#now(),
      checkedAt: this.#checkedAt,
    });
  }

  #arm(ms: number): void {
    this.#disarm();
    const due =
      this.#options.updater && this.#options.automatic() && this.#status.state !== 'ready';
    if (this.#stopped || !due) return;
    this.#handle = this.#timers.setTimeout(() => {
      this.#handle = undefined;
      this.#checkInBackground();
    }, ms);
  }

  #disarm(): void {
    if (this.#handle !== undefined) this.#timers.clearTimeout(this.#handle);
    this.#handle = undefined;
  }

  #now(): string {
    return (this.#options.now ?? (() => new Date()))().toISOString();
  }

  #set(status: UpdateStatus): void {
    this.#status = status;
    for (const listener of this.#listeners) listener(this.#status);
  }
}
