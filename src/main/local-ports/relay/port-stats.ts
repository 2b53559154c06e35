import type { Socket } from 'node:net';

/** What a local port has done, as a snapshot the UI polls (no events per byte or connection). */
export interface LocalPortStats {
  /** Connections from local apps open right now. */
  openConnections: number;
  /** Connections from local apps since the port started. */
  totalConnections: number;
  /** Connections refused at once because the port or the app was at its connection cap. */
  refusedConnections: number;
  /** Bytes the local apps sent (requests, uploads), as read from their connections. */
  bytesUp: number;
  /** Bytes the local apps received (answers, downloads), as written to their connections. */
  bytesDown: number;
  /** The last failure in words ("the proxy refused the login (407)"), or null. */
  lastError: { message: string; at: Date } | null;
}

/**
 * Counts cheaply: bytes come from the sockets' own counters (read once when a connection closes,
 * and summed over the open ones when a snapshot is taken), so nothing runs per chunk.
 */
export class PortStats {
  private readonly open = new Set<Socket>();
  private total = 0;
  private refused = 0;
  private closedBytesUp = 0;
  private closedBytesDown = 0;
  private lastError: LocalPortStats['lastError'] = null;

  /** Counts a connection from a local app, until it closes. */
  connectionOpened(socket: Socket): void {
    this.open.add(socket);
    this.total += 1;
    socket.once('close', () => {
      this.open.delete(socket);
      this.closedBytesUp += socket.bytesRead;
      this.closedBytesDown += socket.bytesWritten;
    });
  }

  /** Connections from local apps open now (what the port's cap counts). */
  get openConnections(): number {
    return this.open.size;
  }

  /** Counts a connection refused at the cap (never opened, so not counted above). */
  connectionRefused(): void {
    this.refused += 1;
  }

  /** Keeps `message` as the last failure; it must hold no secret (UpstreamFailure's words). */
  recordError(message: string, at = new Date()): void {
    this.lastError = { message, at };
  }

  snapshot(): LocalPortStats {
    let bytesUp = this.closedBytesUp;
    let bytesDown = this.closedBytesDown;
    for (const socket of this.open) {
      bytesUp += socket.bytesRead;
      bytesDown += socket.bytesWritten;
    }
    return {
      openConnections: this.open.size,
      totalConnections: this.total,
      refusedConnections: this.refused,
      bytesUp,
      bytesDown,
      lastError: this.lastError,
    };
  }
}
