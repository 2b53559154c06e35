import { framingField, type BodyFraming } from './body-framing';
import type { OriginTarget } from './origin-target';
import type { ParsedHead } from './parsed-head';
import { hostForUrl } from '../../upstream/upstream-proxy';

/**
 * Writing back the heads the relay (http-relay.ts) parsed. Heads are written from what was parsed
 * rather than copied as bytes, so the next hop frames each message exactly as the relay did (one
 * of Content-Length or chunked, never both) and a line the parser would not take whole cannot
 * slip through. Bodies pass as the bytes they were; only chunked framing is written anew.
 */

/** RFC 9110's token: what a method or a field name may be. */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
/** A field value: visible characters, spaces, tabs and obs-text; never CR, LF or NUL. */
const FIELD_VALUE = /^[\t\x20-\x7e\x80-\xff]*$/;
/** An absolute-form request target (`http://host/path`), as a proxy is sent. */
const ABSOLUTE_TARGET = /^[a-zA-Z][a-zA-Z0-9+.-]*:\/\/[\x21-\x7e\x80-\xff]+$/;
/** A status line's reason phrase. */
const REASON = /^[\t\x20-\x7e\x80-\xff]*$/;

/** The value of the last field named `name` (any case), or undefined. */
export function fieldValue(head: ParsedHead, name: string): string | undefined {
  let value: string | undefined;
  // `<=` only reads one more, missing, pair, which names no field: equivalent, left to survive.
  for (let index = 0; index < head.headers.length; index += 2) {
    // Stryker disable next-line OptionalChaining: within the pairs every name is there (the ?. is for the type checker)
    if (head.headers[index]?.toLowerCase() === name) value = head.headers[index + 1];
  }
  return value;
}

/** An absolute-form target a proxy can forward, or false for `/path`, `*` and the malformed. */
export function isAbsoluteTarget(target: string): boolean {
  return ABSOLUTE_TARGET.test(target);
}

/** The fields the relay writes itself: the framing (body-framing.ts) and the proxy login. */
const WRITTEN_ANEW = new Set(['content-length', 'transfer-encoding', 'proxy-authorization']);

/**
 * The request head for the upstream: the app's fields less its Proxy-Authorization and framing,
 * then `framing` as the relay read it and the upstream's login. Null when a field or the method
 * could not be written back safely.
 */
export function requestHead(
  method: string,
  target: string,
  head: ParsedHead,
  framing: BodyFraming,
  proxyAuthorization: string,
): Buffer | null {
  if (!TOKEN.test(method) || !isAbsoluteTarget(target)) return null;
  const fields = writtenFields(head.headers, (name) => WRITTEN_ANEW.has(name));
  if (fields === null) return null;
  const start = `${method} ${target} HTTP/${head.versionMajor}.${head.versionMinor}\r\n`;
  return Buffer.from(
    `${start}${fields}${framingField(framing)}Proxy-Authorization: ${proxyAuthorization}\r\n\r\n`,
    'latin1',
  );
}

/** What a head for a site never carries from the app: a proxy's fields and the Host it replaces. */
const DROPPED_FOR_ORIGIN = new Set([...WRITTEN_ANEW, 'host', 'proxy-connection']);

/**
 * The request head for the site itself (the relay reaches it through a SOCKS5 upstream): origin
 * form, the Host field from the URL (RFC 9112 §3.2.2: a proxy replaces the app's with the
 * target's), the app's fields less those meant for a proxy and its framing, then `framing` as
 * the relay read it. Null when a field or the method could not be written back safely.
 */
export function originRequestHead(
  method: string,
  target: OriginTarget,
  head: ParsedHead,
  framing: BodyFraming,
): Buffer | null {
  if (!TOKEN.test(method)) return null;
  const fields = writtenFields(head.headers, (name) => DROPPED_FOR_ORIGIN.has(name));
  if (fields === null) return null;
  const start = `${method} ${target.path} HTTP/${head.versionMajor}.${head.versionMinor}\r\n`;
  return Buffer.from(
    `${start}Host: ${target.host}\r\n${fields}${framingField(framing)}\r\n`,
    'latin1',
  );
}

/**
 * The response head for the app, its framing written anew, or null when it could not be written
 * back safely. (An upstream's Proxy-Authorization in an answer means nothing to the app: dropped.)
 */
export function responseHead(
  statusCode: number,
  statusMessage: string,
  head: ParsedHead,
  framing: BodyFraming,
): Buffer | null {
  const fields = writtenFields(head.headers, (name) => WRITTEN_ANEW.has(name));
  if (fields === null || !REASON.test(statusMessage)) return null;
  const start = `HTTP/${head.versionMajor}.${head.versionMinor} ${statusCode} ${statusMessage}\r\n`;
  return Buffer.from(`${start}${fields}${framingField(framing)}\r\n`, 'latin1');
}

/**
 * A CONNECT request written from scratch: the target (IPv6 bracketed) as line and Host, and the
 * upstream's login. Nothing of the app's own CONNECT is passed on.
 */
export function connectHead(
  destination: { host: string; port: number },
  proxyAuthorization: string,
): string {
  const target = `${hostForUrl(destination.host)}:${destination.port}`;
  return `CONNECT ${target} HTTP/1.1\r\nHost: ${target}\r\nProxy-Authorization: ${proxyAuthorization}\r\n\r\n`;
}

/** The line that opens a chunk of `length` bytes. */
export function chunkOpening(length: number): string {
  return `${length.toString(16)}\r\n`;
}

export const CHUNK_CLOSING = '\r\n';

/** The zero-length chunk that ends a chunked body, with its trailer fields if any. */
export function lastChunk(trailers: string[]): Buffer {
  // Stryker disable next-line ArrowFunction: undefined drops nothing either
  const fields = writtenFields(trailers, () => false);
  return Buffer.from(`0\r\n${fields ?? ''}\r\n`, 'latin1');
}

/** `Name: value` lines of [name, value, …], less the dropped; null if one cannot be written back. */
function writtenFields(headers: string[], dropped: (lowerName: string) => boolean): string | null {
  let text = '';
  // `<=` only reads one more, missing, pair: equivalent for the parser's pairs, left to survive.
  for (let index = 0; index + 1 < headers.length; index += 2) {
    // Stryker disable next-line StringLiteral: never used, the loop stays within the pairs (the ?? is for the type checker)
    const name = headers[index] ?? '';
    // Stryker disable next-line StringLiteral: never used, the loop stays within the pairs (the ?? is for the type checker)
    const value = headers[index + 1] ?? '';
    if (!TOKEN.test(name) || !FIELD_VALUE.test(value)) return null;
    if (!dropped(name.toLowerCase())) text += `${name}: ${value}\r\n`;
  }
  return text;
}
