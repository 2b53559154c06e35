import type { Socket } from 'node:net';

/** How long an app's connection may take, and may sit still, before the port closes it. */
export interface DeadlineTimes {
  /**
   * From the moment a handshake or a request head begins (the connection opens, or the first
   * byte of a later request arrives) until it is complete: slowloris is stopped here.
   */
  handshakeMs: number;
  /** With no byte either way: tunnels, kept-alive connections, a body promised and not sent. */
  idleMs: number;
}

export const DEFAULT_DEADLINES: DeadlineTimes = { handshakeMs: 30_000, idleMs: 10 * 60_000 };

/**
 * The deadlines of one app connection. Both end in `destroy()`: a connection that ran out of
 * time gets no answer, it just stops costing a socket (the audit held 5,000 idle connections
 * for as long as it liked). The idle deadline is the socket's own timeout, which Node resets on
 * every read and write, so a tunnel that moves bytes either way is never cut.
 */
export class ConnectionDeadlines {
  private handshake: NodeJS.Timeout | null = null;

  constructor(
    private readonly socket: Socket,
    private readonly times: DeadlineTimes,
  ) {
    socket.setTimeout(times.idleMs, () => socket.destroy());
    socket.once('close', () => this.handshakeDone());
    this.handshakeBegan();
  }

  /** A handshake or head began; it must be complete in time (a deadline already running stays). */
  handshakeBegan(): void {
    if (this.handshake !== null || this.socket.destroyed) return;
    this.handshake = setTimeout(() => this.socket.destroy(), this.times.handshakeMs);
  }

  /** The handshake or head is complete. */
  handshakeDone(): void {
    clearTimeout(this.handshake ?? undefined);
    this.handshake = null;
  }
}
