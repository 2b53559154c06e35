import type { Socket } from 'node:net';

/** What a socket reads at most at once (Node's own read size). */
const READ_SIZE = 64 * 1024;
/** Free buffers kept for the next reads; more are made when all are in use, and dropped after. */
const KEPT = 32;
const NOTHING = Buffer.alloc(0);

/**
 * Reusable read buffers for the sockets the relay reads downloads from (net.connect's `onread`).
 * A socket read the usual way gets a new 64 KB buffer for every read, which the garbage
 * collector then frees: on a download that is most of the forwarding's cost after the system
 * calls (measured: a third less CPU per GB with reused buffers). A buffer goes back to the pool
 * only once every write of its bytes has finished, as a write not done at once still points
 * into it.
 */
class ReadBuffers {
  private readonly free: Uint8Array[] = [];

  readonly next = (): Uint8Array => this.free.pop() ?? Buffer.allocUnsafeSlow(READ_SIZE);

  /** Gives `buffer` back once `writer` has written all it was given so far. */
  releaseAfterWrites(buffer: Uint8Array, writer: Socket): void {
    // An ended or destroyed writer may still be flushing from it: the collector takes it then.
    if (!writer.writable) return;
    if (writer.writableLength === 0) this.release(buffer);
    // Writes finish in order, so this empty one finishes after the ones reading `buffer`.
    else writer.write(NOTHING, () => this.release(buffer));
  }

  /** Gives `buffer` back now: nothing points into it any more (its bytes were copied). */
  release(buffer: Uint8Array): void {
    if (this.free.length < KEPT) this.free.push(buffer);
  }
}

export const readBuffers = new ReadBuffers();
