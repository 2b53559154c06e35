import { describe, expect, it } from 'vitest';
import { cacheKeyOf } from '../../../src/main/session/cache-key';

describe('cacheKeyOf', () => {
  const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJkZW1vIn0.c2lnbmF0dXJl';

  it('gives the same 32-byte key for the same token and account, on every run', () => {
    const key = cacheKeyOf(token, 'uuid@https://proxy.example.com/api/');
    expect(key).toHaveLength(32);
    expect(cacheKeyOf(token, 'uuid@https://proxy.example.com/api/').equals(key)).toBe(true);
    // HKDF-SHA256 (salt: the account id; info: the cache's name and version), as computed on
    // its first release: a change of the derivation would leave every cache unreadable.
    expect(key.toString('hex')).toBe(
      '0ab6cf76d0c20a030cc1111a2f9f079a38489aea4a2b54a5890108620e51d04e',
    );
  });

  it('gives another key for another token or another account', () => {
    const key = cacheKeyOf(token, 'a@https://x.example/');
    expect(cacheKeyOf(`${token}x`, 'a@https://x.example/').equals(key)).toBe(false);
    expect(cacheKeyOf(token, 'b@https://x.example/').equals(key)).toBe(false);
  });

  it('holds nothing of the token', () => {
    const key = cacheKeyOf(token, 'a@https://x.example/');
    for (const form of ['utf8', 'hex', 'base64', 'latin1'] as const) {
      expect(key.toString(form)).not.toContain(token.slice(0, 8));
    }
  });
});
