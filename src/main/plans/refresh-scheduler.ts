import { realTimers, type Timers } from '../timers';

export type { Timers };

export interface RefreshSchedulerOptions {
  refresh: () => Promise<unknown>;
  /** Read at every scheduling, so a changed setting applies from the next refresh on. */
  intervalMs: () => number;
  /** No timer runs while nobody is signed in: an idle tray app should cost nothing. */
  hasAccount: () => boolean;
  timers?: Timers;
}

/**
 * Refreshes the plans on the settings' interval. One timer at a time, re-armed after each
 * refresh ends, so a slow service never stacks refreshes.
 */
export class RefreshScheduler {
  readonly #options: RefreshSchedulerOptions;
  readonly #timers: Timers;
  #handle: unknown;
  // Stryker disable next-line BooleanLiteral: nothing arms a timer before reschedule(), which sets it
  #running = false;

  constructor(options: RefreshSchedulerOptions) {
    this.#options = options;
    this.#timers = options.timers ?? realTimers;
  }

  /** (Re)starts the countdown; call it on sign-in, account switch and interval changes. */
  reschedule(): void {
    this.stop();
    this.#running = true;
    this.#arm();
  }

  stop(): void {
    this.#running = false;
    // Stryker disable next-line ConditionalExpression: clearing no timer does nothing
    if (this.#handle !== undefined) this.#timers.clearTimeout(this.#handle);
    this.#handle = undefined;
  }

  get armed(): boolean {
    return this.#handle !== undefined;
  }

  #arm(): void {
    if (!this.#running || !this.#options.hasAccount()) return;
    this.#handle = this.#timers.setTimeout(() => void this.#fire(), this.#options.intervalMs());
  }

  async #fire(): Promise<void> {
    this.#handle = undefined;
    if (!this.#options.hasAccount()) return;
    try {
      await this.#options.refresh();
    } catch {
      // A failed refresh is recorded by the plans service; the schedule goes on.
    }
    this.#arm();
  }
}
