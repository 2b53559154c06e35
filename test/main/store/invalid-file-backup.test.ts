import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { backUpInvalidFile } from '../../../src/main/store/invalid-file-backup';
import { ON_WINDOWS } from './private-modes';
import { thrownBy, useTempDir } from './temp-store-dir';

const tempDir = useTempDir();
const NOW = new Date('2030-01-02T03:04:05.678Z');
const STAMP = '2030-01-02T03-04-05.678Z';
const BYTES = new Uint8Array([0x7b, 0xff, 0x00, 0x7d]);

describe('the copy kept of a file about to be replaced', () => {
  it('holds the exact bytes, beside the file, named after it and the time without colons', () => {
    const file = path.join(tempDir(), 'labels.json');
    const backup = backUpInvalidFile(file, BYTES, NOW);
    expect(backup).toBe(path.join(tempDir(), `labels.invalid-${STAMP}.json`));
    expect(fs.readFileSync(backup)).toEqual(Buffer.from(BYTES));
  });

  it.skipIf(ON_WINDOWS)(
    'leaves no file open behind it: a long-running app would run out (counted in /dev/fd, not on Windows)',
    () => {
      const openFiles = () => fs.readdirSync('/dev/fd').length;
      const before = openFiles();
      backUpInvalidFile(path.join(tempDir(), 'labels.json'), BYTES, NOW);
      expect(openFiles()).toBe(before);
    },
  );

  it('never overwrites an earlier copy of the same instant: the next is numbered', () => {
    const file = path.join(tempDir(), 'labels.json');
    const first = backUpInvalidFile(file, Buffer.from('first'), NOW);
    const second = backUpInvalidFile(file, Buffer.from('second'), NOW);
    const third = backUpInvalidFile(file, Buffer.from('third'), NOW);
    expect(second).toBe(path.join(tempDir(), `labels.invalid-${STAMP}-2.json`));
    expect(third).toBe(path.join(tempDir(), `labels.invalid-${STAMP}-3.json`));
    expect([first, second, third].map((each) => fs.readFileSync(each, 'utf8'))).toEqual([
      'first',
      'second',
      'third',
    ]);
  });

  it('tries up to a hundred names, then says the copy could not be saved', () => {
    const file = path.join(tempDir(), 'labels.json');
    const taken = (attempt: number) =>
      path.join(tempDir(), `labels.invalid-${STAMP}${attempt === 1 ? '' : `-${attempt}`}.json`);
    for (let attempt = 1; attempt <= 99; attempt += 1) fs.writeFileSync(taken(attempt), 'older');
    expect(backUpInvalidFile(file, BYTES, NOW)).toBe(taken(100));

    const error = thrownBy(() => backUpInvalidFile(file, BYTES, NOW));
    expect(error.kind).toBe('storage');
    expect(error.message).toBe(
      `A copy of the damaged file ${file} could not be saved (EEXIST), so it was left untouched. Check that its folder is writable, then restart Proxy Tray.`,
    );
    expect(fs.readdirSync(tempDir())).toHaveLength(100);
  });

  it('says so, naming the file and the reason, when its folder cannot take the copy', () => {
    const file = path.join(tempDir(), 'gone', 'settings.json');
    const error = thrownBy(() => backUpInvalidFile(file, BYTES, NOW));
    expect(error.kind).toBe('storage');
    expect(error.message).toBe(
      `A copy of the damaged file ${file} could not be saved (ENOENT), so it was left untouched. Check that its folder is writable, then restart Proxy Tray.`,
    );
    expect(error.problems).toEqual([error.message]);
  });
});
