import { describe, expect, it } from 'vitest';
import { colonWarning, fieldsWithColons } from '../../../src/shared/credentials/colon-fields';

const plain = { username: 'alice', password: 's3cret' };
const colonPassword = { username: 'alice', password: 'pa:ss' };
const bothColons = { username: 'al:ice', password: 'pa:ss' };

describe('fieldsWithColons', () => {
  it('finds the fields holding ":" in the formats joined by ":"', () => {
    expect(fieldsWithColons('ip-port-user-pass', undefined, colonPassword)).toEqual(['password']);
    expect(fieldsWithColons('user-pass-at-ip-port', undefined, bothColons)).toEqual([
      'username',
      'password',
    ]);
    expect(fieldsWithColons('ip-port-user-pass', undefined, plain)).toEqual([]);
  });

  it('finds none in the URL forms, which percent-encode their fields', () => {
    for (const format of ['http-url', 'socks5-url', 'curl'] as const) {
      expect(fieldsWithColons(format, undefined, bothColons)).toEqual([]);
    }
  });

  it('reads a custom template: only the fields it uses, and only when its own text joins by ":"', () => {
    expect(fieldsWithColons('custom', '{ip}:{port}:{username}:{password}', bothColons)).toEqual([
      'username',
      'password',
    ]);
    expect(fieldsWithColons('custom', '{ip}:{port}:{password}', bothColons)).toEqual(['password']);
    expect(fieldsWithColons('custom', '{username} {password}', bothColons)).toEqual([]);
    expect(fieldsWithColons('custom', '{ip}:{port}:{nope}', bothColons)).toEqual([]);
    expect(fieldsWithColons('custom', undefined, bothColons)).toEqual([]);
  });
});

describe('colonWarning', () => {
  it('names the field, or both, and says what goes wrong', () => {
    expect(colonWarning(['password'])).toBe(
      "the password contains ':' — tools that split on ':' will misread it",
    );
    expect(colonWarning(['username', 'password'])).toBe(
      "the username and password contain ':' — tools that split on ':' will misread it",
    );
    expect(colonWarning([])).toBeUndefined();
  });
});
