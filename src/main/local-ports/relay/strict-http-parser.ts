import { HTTPParser } from 'http-parser-js';

/**
 * http-parser-js with its framing read strictly. The relay (http-relay.ts) keeps http-parser-js
 * because it hands over body pieces as slices of the buffers read (no copy: the relay forwards at
 * the speed of a bare pipe) and lets a head callback stop parsing where a tunnel starts; llhttp,
 * the parser Node uses, has no maintained binding outside Node's internals (undici's WebAssembly
 * copy is private to undici). Its parser is a state machine whose states are methods, so the
 * three places where 0.5.10 is lenient are overridden here rather than forked:
 *
 * - A chunk size is read with parseInt: `-5` gives a negative length that walks the read offset
 *   backwards for ever (one 80-byte request froze the process and grew it by 250 MB/s), and
 *   `0x10`, `1g` or ` 5` are read as something. Here a chunk size is hex digits, optionally
 *   followed by extensions, or the message is refused.
 * - The head limit is checked only when a read ends, so a head that completes within a read
 *   passes however long it is. Here every line's bytes count as they are buffered: at most
 *   FRAMING_LIMIT bytes of head, of trailers, or of one chunk-size line.
 * - Content-Length is read with unary `+` (`1e2`, `0x10`, `+5`, empty): the relay refuses those
 *   itself, in its head callback, before any body byte is read (http-heads.ts, bodyFraming).
 */

/** Hex digits, then optional chunk extensions (RFC 9112 §7.1.1), which the relay drops. */
const CHUNK_SIZE = /^([0-9A-Fa-f]+)[\t ]*(?:;[\t\x20-\x7e\x80-\xff]*)?$/;

/** The most bytes of lines read without a body byte in between: heads, trailers, a chunk line. */
export const FRAMING_LIMIT = 80 * 1024;

/** The parts of http-parser-js's state machine the overrides use (private in its typings). */
interface ParserState {
  state: string;
  offset: number;
  body_bytes: number | null;
  initialize(type: ParserType): void;
  consumeLine(): string | undefined;
  BODY_CHUNK(): void;
}

const HEAD_STATES = new Set(['REQUEST_LINE', 'RESPONSE_LINE', 'HEADER']);

type ParserType = typeof HTTPParser.REQUEST | typeof HTTPParser.RESPONSE;
type Parser = InstanceType<typeof HTTPParser>;
/** What the relay calls: execute, finish and the callbacks' slots. */
type Public = Pick<Parser, 'execute' | 'finish' | 1 | 2 | 3 | 4>;
const Base = HTTPParser as unknown as new (type: ParserType) => Public & ParserState;

class StrictParser extends Base {
  /** Bytes of lines read since the message began or the last body byte. */
  private framingBytes = 0;

  /**
   * http-parser-js's own check, between reads, counts every byte of a read that ends inside a
   * head, bodies and earlier messages included; the count above replaces it.
   */
  get maxHeaderSize(): number {
    return Infinity;
  }

  set maxHeaderSize(_ignored: number) {}

  override consumeLine(): string | undefined {
    const start = this.offset;
    const line = super.consumeLine();
    this.framingBytes += this.offset - start;
    if (this.framingBytes > FRAMING_LIMIT) throw new Error('Too long a head or chunk line.');
    return line;
  }

  override BODY_CHUNK(): void {
    this.framingBytes = 0;
    super.BODY_CHUNK();
  }

  BODY_CHUNKHEAD(): void {
    const line = this.consumeLine();
    if (line === undefined) return;
    // No match: parseInt(undefined) is NaN, refused below.
    const size = parseInt(CHUNK_SIZE.exec(line)?.[1] as string, 16);
    if (!Number.isSafeInteger(size)) throw new Error('Bad chunk size.');
    this.body_bytes = size;
    this.state = size === 0 ? 'BODY_CHUNKTRAILERS' : 'BODY_CHUNK';
  }

  override initialize(type: ParserType): void {
    super.initialize(type);
    this.framingBytes = 0;
  }

  /** Whether the parser is inside a body (or stopped inside one, on an error). */
  inBody(): boolean {
    return this.state.startsWith('BODY_');
  }

  /** Whether part of a head has been read but not all of it: the head's deadline runs. */
  inHead(): boolean {
    return HEAD_STATES.has(this.state) && this.framingBytes > 0;
  }
}

/** A new strict parser of requests or responses. */
export type StrictHttpParser = Public & { inHead(): boolean; inBody(): boolean };

export function strictParser(type: ParserType): StrictHttpParser {
  return new StrictParser(type);
}
