import { describe, expect, it } from 'vitest';
import { withoutPathEntry, withPathEntry } from '../../../src/cli/user-path/path-entries';

const BIN = 'C:\\Users\\José\\AppData\\Local\\Programs\\Proxy Tray\\resources\\bin';

describe("the user's PATH, one folder added or taken off", () => {
  it('gains the folder at its end, everything before it kept byte for byte', () => {
    expect(withPathEntry('%USERPROFILE%\\bin;C:\\Tools', BIN)).toBe(
      `%USERPROFILE%\\bin;C:\\Tools;${BIN}`,
    );
    expect(withPathEntry('C:\\Tools;', BIN)).toBe(`C:\\Tools;${BIN}`);
    expect(withPathEntry('', BIN)).toBe(BIN);
  });

  it('is left alone when the folder is there already, in any case or with a trailing backslash', () => {
    expect(withPathEntry(`C:\\Tools;${BIN}`, BIN)).toBeUndefined();
    expect(withPathEntry(`${BIN.toUpperCase()}\\;C:\\Tools`, BIN)).toBeUndefined();
    expect(withPathEntry(`C:\\Tools;${BIN}\\\\`, BIN)).toBeUndefined();
  });

  it('loses every copy of the folder and nothing else, empty entries and order included', () => {
    expect(withoutPathEntry(`C:\\A;${BIN};;C:\\B;${BIN.toLowerCase()}\\`, BIN)).toBe(
      'C:\\A;;C:\\B',
    );
    expect(withoutPathEntry(BIN, BIN)).toBe('');
    expect(withoutPathEntry(`C:\\A;${BIN};`, BIN)).toBe('C:\\A;');
  });

  it('is left alone when the folder is not there (a folder that merely starts the same is another)', () => {
    expect(withoutPathEntry('C:\\A;C:\\B', BIN)).toBeUndefined();
    expect(withoutPathEntry(`${BIN}2`, BIN)).toBeUndefined();
    expect(withoutPathEntry('', BIN)).toBeUndefined();
    expect(withPathEntry(`${BIN}2`, BIN)).toBe(`${BIN}2;${BIN}`);
  });
});
