import { describe, expect, it } from 'vitest';
import {
  AdministratorCancelledError,
  administratorFailure,
} from '../../../src/main/terminal-command/osascript-administrator';

describe('administratorFailure', () => {
  it('reads a closed password prompt as cancelled', () => {
    expect(administratorFailure('0:112: execution error: User canceled. (-128)\n')).toBeInstanceOf(
      AdministratorCancelledError,
    );
  });

  it("says any other failure in osascript's words, without its prefix and number", () => {
    const failure = administratorFailure(
      '0:245: execution error: ln: /usr/local/bin/proxy-tray: Read-only file system (1)\n',
    );
    expect(failure).not.toBeInstanceOf(AdministratorCancelledError);
    expect(failure.message).toBe('ln: /usr/local/bin/proxy-tray: Read-only file system');
  });

  it('says something when osascript said nothing', () => {
    expect(administratorFailure('').message).toBe('The administrator command failed.');
  });
});
