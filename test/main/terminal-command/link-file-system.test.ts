import { describe, expect, it } from 'vitest';
import { isPermissionDenied } from '../../../src/main/terminal-command/link-file-system';

const failure = (code: string) => Object.assign(new Error(code), { code });

describe('isPermissionDenied', () => {
  it('is true for both ways the system refuses this user', () => {
    expect(isPermissionDenied(failure('EACCES'))).toBe(true);
    // macOS answers EPERM where a folder's flags or System Integrity Protection forbid it.
    expect(isPermissionDenied(failure('EPERM'))).toBe(true);
  });

  it('is false for any other failure, and for a rejection with nothing in it', () => {
    expect(isPermissionDenied(failure('EEXIST'))).toBe(false);
    expect(isPermissionDenied(new Error('no code'))).toBe(false);
    expect(isPermissionDenied(undefined)).toBe(false);
    expect(isPermissionDenied(null)).toBe(false);
  });
});
