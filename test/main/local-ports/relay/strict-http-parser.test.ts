import { HTTPParser } from 'http-parser-js';
import { describe, expect, it } from 'vitest';
import {
  FRAMING_LIMIT,
  strictParser,
} from '../../../../src/main/local-ports/relay/strict-http-parser';

/** Parses `text` as one or more requests; the bodies read, or the error. */
function parse(text: string | Buffer, pieces = 1): { bodies: string[]; error?: string } {
  const parser = strictParser(HTTPParser.REQUEST);
  const bodies: string[] = [];
  parser[HTTPParser.kOnBody] = (chunk) => {
    bodies.push(chunk.toString('latin1'));
  };
  const bytes = Buffer.from(text);
  const size = Math.ceil(bytes.length / pieces);
  for (let offset = 0; offset < bytes.length; offset += size) {
    const result = parser.execute(bytes.subarray(offset, offset + size));
    if (result instanceof Error) return { bodies, error: result.message };
  }
  return { bodies };
}

const chunked = (size: string) =>
  `POST http://site.test/ HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n${size}\r\nhello\r\n0\r\n\r\n`;

describe('chunk sizes', () => {
  it.each(['5', '0005', '5;name=value', '5 ;name', '5;a="quoted value"'])('reads %j', (size) => {
    expect(parse(chunked(size))).toEqual({ bodies: ['hello'] });
  });

  // http-parser-js 0.5.10 read these with parseInt: -5 and -6 looped for ever, the rest were
  // read as some size.
  it.each(['-5', '-6', '0x5', ' 5', '+5', '5g', '', ';x', 'fffffffffffffffff'])(
    'refuses %j at once',
    (size) => {
      expect(parse(chunked(size))).toEqual({ bodies: [], error: 'Bad chunk size.' });
    },
  );
});

describe('the framing limit, on bytes buffered rather than between reads', () => {
  it.each([1, 3])('refuses a head longer than the limit that arrives in %i read(s)', (pieces) => {
    const text = `GET http://site.test/ HTTP/1.1\r\nX: ${'a'.repeat(FRAMING_LIMIT)}\r\n\r\n`;
    expect(parse(text, pieces).error).toBe('Too long a head or chunk line.');
  });

  it('takes a head just under the limit', () => {
    const line = 'GET http://site.test/ HTTP/1.1\r\n';
    const text = `${line}X: ${'a'.repeat(FRAMING_LIMIT - line.length - 7)}\r\n\r\n`;
    expect(parse(text).error).toBeUndefined();
  });

  it('refuses an endless chunk extension', () => {
    const head = 'POST http://site.test/ HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n';
    expect(parse(`${head}5;${'x'.repeat(FRAMING_LIMIT)}`, 4).error).toBe(
      'Too long a head or chunk line.',
    );
  });

  it('counts each run of lines afresh after body bytes: a long body of small chunks passes', () => {
    const chunks = '1\r\nx\r\n'.repeat(FRAMING_LIMIT / 4);
    const text = `POST http://site.test/ HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n${chunks}0\r\n\r\n`;
    const result = parse(text, 7);
    expect(result.error).toBeUndefined();
    expect(result.bodies.join('')).toHaveLength(FRAMING_LIMIT / 4);
  });

  it('counts each message afresh', () => {
    const one = `GET http://site.test/ HTTP/1.1\r\nX: ${'a'.repeat(FRAMING_LIMIT / 2)}\r\n\r\n`;
    expect(parse(one.repeat(3)).error).toBeUndefined();
  });
});

it('says when it is inside a head', () => {
  const parser = strictParser(HTTPParser.REQUEST);
  expect(parser.inHead()).toBe(false);
  parser.execute(Buffer.from('GET http://site.test/ HT'));
  expect(parser.inHead()).toBe(true);
  parser.execute(Buffer.from('TP/1.1\r\nHost: site.test\r\n'));
  expect(parser.inHead()).toBe(true);
  parser.execute(Buffer.from('\r\n'));
  expect(parser.inHead()).toBe(false);
});

it('says when it is inside an answer head, from its status line on', () => {
  const parser = strictParser(HTTPParser.RESPONSE);
  expect(parser.inHead()).toBe(false);
  parser.execute(Buffer.from('HTTP/1.1 2'));
  expect(parser.inHead()).toBe(true);
  parser.execute(Buffer.from('00 OK\r\nContent-Length: 0\r\n'));
  expect(parser.inHead()).toBe(true);
  parser.execute(Buffer.from('\r\n'));
  expect(parser.inHead()).toBe(false);
});
