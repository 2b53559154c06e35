import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type ConfLikeOptions,
  openConfFile,
  readStoredBytes,
  writeStored,
} from '../../../src/main/store/conf-file';
import { confIn, thrownBy, useTempDir } from './temp-store-dir';

const tempDir = useTempDir();

function fileNamed(name: string): string {
  return path.join(tempDir(), `${name}.json`);
}

describe('opening a store file', () => {
  it('opens <name>.json in the folder, and leaves a file conf cannot judge exactly as it was', () => {
    // Whatever the top level holds, conf must not rewrite the file on opening: the store backs
    // it up first (recoverable-file.ts), and that backup must keep the user's original bytes.
    for (const [index, content] of [
      'null',
      '42',
      '"text"',
      '["a", "b"]',
      '{"damaged": ',
      '{"kept": true}',
    ].entries()) {
      const name = `store-${index}`;
      fs.writeFileSync(fileNamed(name), content);
      const conf = openConfFile(confIn(tempDir()), name);
      expect(conf.path).toBe(fileNamed(name));
      expect(fs.readFileSync(fileNamed(name), 'utf8'), content).toBe(content);
    }
  });

  it('tells conf to keep a file it cannot read, under the name the store asked for', () => {
    const given: ConfLikeOptions[] = [];
    openConfFile((options) => {
      given.push(options);
      return confIn(tempDir())(options);
    }, 'labels');
    const [options] = given;
    if (given.length !== 1 || !options) throw new Error('expected conf to be created once');
    expect(options).toMatchObject({
      name: 'labels',
      configName: 'labels',
      clearInvalidConfig: false,
      configFileMode: 0o600,
    });
    // The reader conf is given never throws and only ever hands conf a plain object.
    const { deserialize } = options;
    expect(deserialize('{"a": 1}')).toEqual({ a: 1 });
    for (const text of ['null', '[1]', '7', '"x"', '{', '']) expect(deserialize(text)).toEqual({});
  });

  it('a folder where the file should be is a storage error that names the file, and is left alone', () => {
    fs.mkdirSync(fileNamed('labels'));
    fs.writeFileSync(path.join(fileNamed('labels'), 'inside.txt'), 'untouched');
    const error = thrownBy(() => openConfFile(confIn(tempDir()), 'labels'));
    expect(error.kind).toBe('storage');
    expect(error.message).toBe(
      'The labels file labels.json could not be read (EISDIR). Check that it is a file readable by your user.',
    );
    expect(fs.readFileSync(path.join(fileNamed('labels'), 'inside.txt'), 'utf8')).toBe('untouched');
  });
});

describe('reading a store file', () => {
  it('gives the exact bytes of the file, and nothing when there is no file yet', () => {
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x7b, 0x7d, 0xff]);
    fs.writeFileSync(fileNamed('settings'), bytes);
    expect(readStoredBytes(fileNamed('settings'), 'settings')).toEqual(bytes);
    expect(readStoredBytes(fileNamed('absent'), 'settings')).toBeUndefined();
  });

  it('a file that exists but cannot be read is a storage error, never "no file yet"', () => {
    // Taken for a missing file, it would be replaced by the next write: the user's settings or
    // labels lost. A folder in the file's place fails to read for root too (root reads any mode).
    fs.mkdirSync(fileNamed('labels'));
    const error = thrownBy(() => readStoredBytes(fileNamed('labels'), 'labels'));
    expect(error.kind).toBe('storage');
    expect(error.message).toBe(
      `The labels file ${fileNamed('labels')} could not be read (EISDIR). Check that it is readable by your user.`,
    );
  });

  it('a file under a path that is not a folder is a storage error too', () => {
    fs.writeFileSync(path.join(tempDir(), 'not-a-folder'), 'x');
    const filePath = path.join(tempDir(), 'not-a-folder', 'settings.json');
    const error = thrownBy(() => readStoredBytes(filePath, 'settings'));
    expect(error.kind).toBe('storage');
    expect(error.message).toContain('(ENOTDIR)');
  });
});

describe('writing a store file', () => {
  it('writes the whole content', () => {
    const conf = openConfFile(confIn(tempDir()), 'favorites');
    writeStored(conf, { schemaVersion: 1, favorites: { a: [1] } }, 'favorites');
    expect(JSON.parse(fs.readFileSync(fileNamed('favorites'), 'utf8'))).toEqual({
      schemaVersion: 1,
      favorites: { a: [1] },
    });
  });

  it('a write that fails is a storage error that says what was not saved and where', () => {
    const conf = openConfFile(confIn(tempDir()), 'labels');
    fs.mkdirSync(conf.path);
    const error = thrownBy(() => writeStored(conf, { schemaVersion: 1, labels: {} }, 'labels'));
    expect(error.kind).toBe('storage');
    expect(error.message).toMatch(
      /^The labels could not be saved to .*labels\.json \([A-Z]+\)\. Check that the disk is not full and the folder is writable\.$/,
    );
    expect(error.message).toContain(conf.path);
  });
});
