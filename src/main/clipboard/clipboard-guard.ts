import { realTimers, type Timers } from '../timers';
import type { ClipboardPort } from './clipboard-port';

export interface ClipboardGuardOptions {
  clipboard: ClipboardPort;
  /** Read at each copy, from settings; 0 means the copy is never cleared. */
  clearAfterMs: () => number;
  timers?: Timers;
  /** A failed read or clear in the background has no caller to tell; this hears about it. */
  onError?: (error: unknown) => void;
  /**
   * After the delay, when our copy was actually taken off the clipboard: the popup says so. Not
   * called when the user had copied something else since, nor on quit.
   */
  onCleared?: () => void;
}

/** A secret copy that is to be taken off the clipboard again. */
interface PendingClear {
  text: string;
  /** The copy's write, which may still be under way. */
  written: Promise<void>;
  /** Set once the write is done. */
  timer?: unknown;
}

/** setTimeout fires at once for delays past this (2^31 - 1 ms, about 24.8 days). */
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * Copies credentials and takes them off the clipboard again after a delay, but only if the
 * clipboard still holds exactly what we put there: anything the user copied since is theirs.
 * The copied text is kept only while a clear is pending, and dropped as soon as it is not.
 */
export class ClipboardGuard {
  readonly #clipboard: ClipboardPort;
  readonly #clearAfterMs: () => number;
  readonly #timers: Timers;
  readonly #onError: (error: unknown) => void;
  readonly #onCleared: () => void;
  /**
   * The secret copy to clear, from the start of its write: quitting while the write is under way
   * must still take it off, or it would land after the quit and outlive the app.
   */
  #pending: PendingClear | undefined;
  /** Bumped by every copy and quit, so that work started before one of them stands down. */
  #generation = 0;

  constructor(options: ClipboardGuardOptions) {
    this.#clipboard = options.clipboard;
    this.#clearAfterMs = options.clearAfterMs;
    this.#timers = options.timers ?? realTimers;
    this.#onError = options.onError ?? (() => {});
    this.#onCleared = options.onCleared ?? (() => {});
  }

  /**
   * Writes `text` (concealed from clipboard managers) and schedules its removal. Text that holds
   * no secret (a local port's address without a password) is written as any copy is and left
   * there: clearing it would only take away what the user meant to paste.
   */
  async copy(text: string, { secret = true }: { secret?: boolean } = {}): Promise<void> {
    this.#forgetPending();
    const generation = ++this.#generation;
    const delay = secret ? this.#clearAfterMs() : 0;
    const written = this.#clipboard.writeText(text, { concealed: secret });
    const pending: PendingClear | undefined = delay > 0 ? { text, written } : undefined;
    this.#pending = pending;
    try {
      await written;
    } catch (error) {
      if (this.#pending === pending) this.#pending = undefined;
      throw error;
    }
    // A later copy (or quit) took over while this one was being written.
    if (generation !== this.#generation || pending === undefined) return;
    pending.timer = this.#timers.setTimeout(
      () => {
        this.#clearIfStillOurs(text, generation).catch(this.#onError);
      },
      Math.min(delay, LONGEST_TIMER_MS),
    );
  }

  /** For quitting: clears now if the clipboard still holds our pending text; cancels the timer. */
  async clearOnQuit(): Promise<void> {
    const generation = ++this.#generation;
    const pending = this.#pending;
    this.#forgetPending();
    if (pending === undefined) return;
    // Whether it succeeded or not, the write is over; what it left is read below.
    await pending.written.catch(() => {});
    if ((await this.#clipboard.readText()) === pending.text && generation === this.#generation) {
      await this.#clipboard.clear();
    }
  }

  dispose(): Promise<void> {
    return this.clearOnQuit();
  }

  /** Runs only while its copy is pending and the latest: every copy and quit cancels the timer. */
  async #clearIfStillOurs(text: string, generation: number): Promise<void> {
    this.#pending = undefined;
    const current = await this.#clipboard.readText();
    // A copy made while we were reading wins: clearing now would wipe the new text.
    if (current === text && generation === this.#generation) {
      await this.#clipboard.clear();
      this.#onCleared();
    }
  }

  #forgetPending(): void {
    if (this.#pending?.timer !== undefined) this.#timers.clearTimeout(this.#pending.timer);
    this.#pending = undefined;
  }
}
