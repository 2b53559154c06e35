import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seal, unseal } from '../../../src/main/plans-cache/sealed-bytes';

const key = randomBytes(32);
const account = 'uuid@https://proxy.example.com/api/';
const content = Buffer.from('{"password":"s3cret-proxy-password"}', 'utf8');

describe('sealed bytes', () => {
  it('opens what it sealed, for the same key and account', () => {
    expect(unseal(key, account, seal(key, account, content))?.toString('utf8')).toBe(
      content.toString('utf8'),
    );
    expect(unseal(key, account, seal(key, account, Buffer.alloc(0)))).toEqual(Buffer.alloc(0));
  });

  it('never holds the content in the clear, and seals it differently every time', () => {
    const first = seal(key, account, content);
    expect(first.toString('latin1')).not.toContain('s3cret');
    expect(first.subarray(0, 5)).toEqual(Buffer.from([0x50, 0x54, 0x50, 0x43, 1]));
    expect(first.length).toBe(4 + 1 + 12 + 16 + content.length);
    expect(seal(key, account, content).equals(first)).toBe(false);
  });

  it('refuses another key, another account, and any changed byte', () => {
    const sealed = seal(key, account, content);
    expect(unseal(randomBytes(32), account, sealed)).toBeUndefined();
    expect(unseal(key, 'other@https://proxy.example.com/api/', sealed)).toBeUndefined();
    for (let at = 0; at < sealed.length; at += 1) {
      const changed = Buffer.from(sealed);
      changed[at] = (changed[at] ?? 0) ^ 0x01;
      expect(unseal(key, account, changed), `byte ${at}`).toBeUndefined();
    }
  });

  it('refuses bytes too short to be sealed, and bytes of no seal at all', () => {
    const sealed = seal(key, account, content);
    expect(unseal(key, account, sealed.subarray(0, 33))).toBeUndefined();
    expect(unseal(key, account, sealed.subarray(0, 32))).toBeUndefined();
    expect(unseal(key, account, Buffer.alloc(0))).toBeUndefined();
    expect(unseal(key, account, Buffer.from(JSON.stringify({ plans: [] })))).toBeUndefined();
  });

  it('takes only 32-byte keys', () => {
    expect(() => seal(randomBytes(16), account, content)).toThrow(RangeError);
    expect(() => unseal(randomBytes(31), account, seal(key, account, content))).toThrow(RangeError);
  });
});
