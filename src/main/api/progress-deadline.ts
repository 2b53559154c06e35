/**
 * A deadline on *no progress*: it fires when nothing has happened for `idleMs`, and in any case
 * after `capMs`. A large listing on a slow link keeps loading as long as bytes keep coming; a
 * service that stops sending is still given up on.
 */
export class ProgressDeadline {
  readonly #controller = new AbortController();
  readonly #idleMs: number;
  readonly #cap: ReturnType<typeof setTimeout>;
  #idle: ReturnType<typeof setTimeout>;
  /** Which limit fired: the idle one or the cap. */
  reason: 'idle' | 'cap' | undefined;

  constructor(options: { idleMs: number; capMs: number }) {
    this.#idleMs = options.idleMs;
    this.#idle = setTimeout(() => this.#fire('idle'), this.#idleMs);
    this.#cap = setTimeout(() => this.#fire('cap'), options.capMs);
  }

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  /** Something happened (bytes arrived, a retry began): the idle clock starts again. */
  progressed(): void {
    if (this.reason) return;
    clearTimeout(this.#idle);
    this.#idle = setTimeout(() => this.#fire('idle'), this.#idleMs);
  }

  dispose(): void {
    clearTimeout(this.#idle);
    clearTimeout(this.#cap);
  }

  #fire(reason: 'idle' | 'cap'): void {
    this.reason = reason;
    this.dispose();
    this.#controller.abort(new Error(`deadline: ${reason}`));
  }
}
