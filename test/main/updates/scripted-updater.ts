import { EventEmitter } from 'node:events';
import type { Timers } from '../../../src/main/timers';
import type { UpdateCheck, Updater } from '../../../src/main/updates/updater';

/** What the next check meets: nothing new, a version (whose download may fail), or an error. */
export type Answer =
  | { kind: 'none' }
  | { kind: 'update'; version: string; downloadError?: Error }
  | { kind: 'error'; error: Error };

/**
 * A stand-in for electron-updater at the port, for the service's policy: it answers checks as
 * scripted, emitting the events in electron-updater's order (an `error` event accompanies every
 * rejection, as there), and records what it was asked. The real updater is in real-updater.test.ts.
 */
export class ScriptedUpdater extends EventEmitter implements Updater {
  answer: Answer = { kind: 'none' };
  checks = 0;
  installs = 0;
  /** Holds the next check's answer until `release()`. */
  #gate: { promise: Promise<void>; open: () => void } | undefined;

  hold(): void {
    let open = () => {};
    const promise = new Promise<void>((resolve) => (open = resolve));
    this.#gate = { promise, open };
  }

  release(): void {
    this.#gate?.open();
    this.#gate = undefined;
  }

  async checkForUpdates(): Promise<UpdateCheck> {
    this.checks += 1;
    await this.#gate?.promise;
    const answer = this.answer;
    switch (answer.kind) {
      case 'none':
        this.emit('update-not-available', { version: '1.0.0' });
        return {};
      case 'error':
        this.emit('error', answer.error);
        throw answer.error;
      case 'update': {
        this.emit('update-available', { version: answer.version });
        const downloadPromise = Promise.resolve().then(() => {
          if (answer.downloadError) {
            this.emit('error', answer.downloadError);
            throw answer.downloadError;
          }
          this.emit('update-downloaded', { version: answer.version });
        });
        return { downloadPromise };
      }
    }
  }

  quitAndInstall(): void {
    this.installs += 1;
  }
}

/** Timers that fire only when told: the schedule is read, not waited out. */
export class ManualTimers implements Timers {
  readonly pending = new Map<number, { callback: () => void; ms: number }>();
  #next = 1;

  setTimeout(callback: () => void, ms: number): number {
    const handle = this.#next++;
    this.pending.set(handle, { callback, ms });
    return handle;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  /** The delays of the timers now armed. */
  delays(): number[] {
    return [...this.pending.values()].map((timer) => timer.ms);
  }

  /** Fires every armed timer (as their time came), then lets the work they started settle. */
  async fire(): Promise<void> {
    const due = [...this.pending.entries()];
    this.pending.clear();
    for (const [, timer] of due) timer.callback();
    await settle();
  }
}

/** Lets promise chains that need no I/O run to their end. */
export async function settle(): Promise<void> {
  for (let turn = 0; turn < 10; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}
