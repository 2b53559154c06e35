/** Pieces smaller than this are gathered; a bigger one (a download's read) is written as it is. */
const GATHER_BELOW = 16 * 1024;

/**
 * The small pieces one upstream read turns into (an answer's head, its short body, a chunk's
 * framing) written to the app as one write instead of one each. The app's socket has Nagle off,
 * so each write is a TCP segment of its own, read by the app in a wakeup of its own: at 1,000
 * clients of short requests a head and a body apart cost the apps' side more than the relay
 * itself (forward_1000_concurrent_vs_direct_ratio). Big pieces still go as they are, as slices
 * of the read buffers, never copied.
 */
export class GatheredWrites {
  private pieces: (Buffer | string)[] = [];
  private bytes = 0;
  private gathering = false;

  /** `write` sends one piece to the app. */
  constructor(private readonly write: (data: Buffer | string) => void) {}

  /** Runs `work` with the small pieces it writes gathered, and sends them when it returns. */
  during<T>(work: () => T): T {
    this.gathering = true;
    try {
      return work();
    } finally {
      this.gathering = false;
      this.flush();
    }
  }

  add(data: Buffer | string): void {
    // Gathered pieces are sent before `work` returns, so those in a read buffer are still there.
    if (this.gathering && data.length < GATHER_BELOW) {
      this.pieces.push(data);
      this.bytes += data.length;
      return;
    }
    this.flush();
    this.write(data);
  }

  /** Sends what was gathered: before anything written to the app another way, to keep the order. */
  flush(): void {
    if (this.pieces.length === 0) return;
    const pieces = this.pieces;
    const bytes = this.bytes;
    this.pieces = [];
    this.bytes = 0;
    // Heads are latin1 and chunk framing ASCII: one byte per character either way.
    const joined = Buffer.allocUnsafe(bytes);
    let at = 0;
    for (const piece of pieces) {
      at += typeof piece === 'string' ? joined.write(piece, at, 'latin1') : piece.copy(joined, at);
    }
    this.write(joined);
  }
}
