import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { PreviewKey } from '../../../tools/preview/preview-key';

const ORIGIN = 'http://127.0.0.1:5199';
const request = (cookie?: string, method = 'GET') =>
  ({ method, headers: cookie === undefined ? {} : { cookie } }) as IncomingMessage;
const keyOf = (key: PreviewKey) => new URL(key.addressAt(ORIGIN)).searchParams.get('key') ?? '';

describe('the preview’s key', () => {
  it('is new on every run: 256 random bits', () => {
    const keys = Array.from({ length: 20 }, () => keyOf(new PreviewKey()));
    expect(new Set(keys).size).toBe(20);
    for (const key of keys) expect(Buffer.from(key, 'base64url')).toHaveLength(32);
  });

  it('is found among the other cookies of the page’s host', () => {
    const key = new PreviewKey();
    const cookie = key.cookieAt(ORIGIN);
    const url = new URL(`${ORIGIN}/`);
    expect(key.check(request(`a=1; ${cookie}; b=2`), url)).toEqual({ kind: 'allowed' });
    // A stale cookie of an earlier run under the same name, sent beside the current one.
    const stale = `${cookie.split('=')[0]}=${keyOf(new PreviewKey())}`;
    expect(key.check(request(`${stale}; ${cookie}`), url)).toEqual({ kind: 'allowed' });
    expect(key.check(request(stale), url)).toEqual({ kind: 'refused' });
  });

  it('is required under the name of its own port: another preview’s cookie is not it', () => {
    const key = new PreviewKey();
    expect(key.check(request(key.cookieAt(ORIGIN)), new URL('http://127.0.0.1:5200/'))).toEqual({
      kind: 'refused',
    });
  });
});
