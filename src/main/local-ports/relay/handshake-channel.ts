import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';

/**
 * The stream a tunnel's handshake (SOCKS5, or CONNECT to an HTTP upstream) is spoken over when
 * the socket itself is read into reused buffers (net's `onread`, which emits no 'data'): the
 * socket's reads are handed here (`received`) while the handshake lasts, its writes go to the
 * socket, and its end, close and errors are this stream's, so the handshake's code sees a socket.
 * Once the tunnel is open, `detach()` lets the socket go.
 */
export class HandshakeChannel extends Duplex {
  private detached = false;
  private readonly onEnd = () => this.push(null);
  private readonly onClose = () => this.destroy();
  private readonly onError = (error: Error) => this.destroy(error);

  constructor(private readonly socket: Socket) {
    super();
    socket.on('end', this.onEnd);
    socket.on('close', this.onClose);
    socket.on('error', this.onError);
    // Passed on for the handshake's code, which may have stopped listening once it failed: the
    // error is the socket's, and its owner has it already.
    this.on('error', () => {});
  }

  /** What the socket read, while the handshake lasts: `chunk` is kept, so it must be a copy. */
  received(chunk: Buffer): void {
    this.push(chunk);
  }

  override _read(): void {}

  override _write(
    chunk: Buffer,
    _encoding: BufferEncoding,
    callback: (error?: Error | null) => void,
  ): void {
    this.socket.write(chunk, callback);
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    // A failed handshake ends the connection; an open tunnel's belongs to the caller.
    if (!this.detached) this.socket.destroy();
    callback(error);
  }

  /**
   * Stops passing the socket's reads and events here, and answers what arrived after the
   * handshake's last byte and was left unread (null for nothing).
   */
  detach(): Buffer | null {
    this.detached = true;
    this.socket.off('end', this.onEnd);
    this.socket.off('close', this.onClose);
    this.socket.off('error', this.onError);
    return this.read() as Buffer | null;
  }
}
