import { StringDecoder } from 'node:string_decoder';

/**
 * Newline-delimited JSON, one message a line. Every message is written anew from parsed values
 * (JSON.stringify never writes a raw newline), never forwarded as received.
 */

/** A request line the server reads: an input as large as a settings patch or a label, with room. */
export const REQUEST_LINE_MAX_BYTES = 4 * 1024 * 1024;
/** An answer line the client reads: a 100,000-proxy listing is tens of MB. */
export const ANSWER_LINE_MAX_BYTES = 512 * 1024 * 1024;

export function frameLine(message: unknown): string {
  return `${JSON.stringify(message)}\n`;
}

export type LineEvent =
  | { kind: 'message'; value: unknown }
  | { kind: 'bad-line'; message: string }
  | { kind: 'too-long'; message: string };

/**
 * Cuts a stream of chunks into lines of at most `maxBytes` bytes and parses each. A line over the
 * cap ends the reading (the caller destroys the connection): it never grows past the cap in
 * memory. Multibyte characters split across chunks are joined by the decoder.
 */
export class LineReader {
  private readonly decoder = new StringDecoder('utf8');
  private pending = '';
  private pendingBytes = 0;
  private ended = false;

  constructor(private readonly maxBytes: number) {}

  /** The events of the lines this chunk completes; after a too-long or bad line, nothing more. */
  push(chunk: Buffer): LineEvent[] {
    if (this.ended) return [];
    const events: LineEvent[] = [];
    let text = this.decoder.write(chunk);
    let newline = text.indexOf('\n');
    while (newline !== -1) {
      const piece = text.slice(0, newline);
      text = text.slice(newline + 1);
      if (!this.grow(piece)) return this.stop(events, this.tooLong());
      const line = this.pending;
      this.pending = '';
      this.pendingBytes = 0;
      const event = parseLine(line);
      events.push(event);
      if (event.kind !== 'message') return this.stop(events);
      newline = text.indexOf('\n');
    }
    if (!this.grow(text)) return this.stop(events, this.tooLong());
    return events;
  }

  private grow(piece: string): boolean {
    this.pendingBytes += Buffer.byteLength(piece);
    if (this.pendingBytes > this.maxBytes) return false;
    this.pending += piece;
    return true;
  }

  private tooLong(): LineEvent {
    return { kind: 'too-long', message: `A line was longer than ${this.maxBytes} bytes.` };
  }

  private stop(events: LineEvent[], last?: LineEvent): LineEvent[] {
    this.ended = true;
    this.pending = '';
    if (last) events.push(last);
    return events;
  }
}

function parseLine(line: string): LineEvent {
  try {
    return { kind: 'message', value: JSON.parse(line) as unknown };
  } catch {
    return { kind: 'bad-line', message: 'A line was not JSON.' };
  }
}
