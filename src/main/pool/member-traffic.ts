import type { Socket } from 'node:net';

/** What went through one member of a pool, for the Local ports section. */
export interface TrafficSnapshot {
  /** Upstream connections through it open now. */
  openConnections: number;
  /** Upstream connections through it since the pool started. */
  totalConnections: number;
  /** Bytes sent to it (the apps' requests and uploads). */
  bytesUp: number;
  /** Bytes received from it (answers, downloads). */
  bytesDown: number;
}

/**
 * Counts a member's upstream connections and their bytes from the sockets' own counters (read
 * once when a connection closes, summed over the open ones in a snapshot): nothing per chunk.
 */
export class MemberTraffic {
  readonly #open = new Set<Socket>();
  #total = 0;
  #closedUp = 0;
  #closedDown = 0;

  opened(socket: Socket): void {
    this.#open.add(socket);
    this.#total += 1;
    socket.once('close', () => {
      this.#open.delete(socket);
      this.#closedUp += socket.bytesWritten;
      this.#closedDown += socket.bytesRead;
    });
  }

  /** Ends every open connection through the member (it left the pool). */
  destroyAll(): void {
    for (const socket of this.#open) socket.destroy();
  }

  snapshot(): TrafficSnapshot {
    let bytesUp = this.#closedUp;
    let bytesDown = this.#closedDown;
    for (const socket of this.#open) {
      bytesUp += socket.bytesWritten;
      bytesDown += socket.bytesRead;
    }
    return { openConnections: this.#open.size, totalConnections: this.#total, bytesUp, bytesDown };
  }
}
