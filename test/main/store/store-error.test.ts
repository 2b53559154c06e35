import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { StoreError, fileErrorReason } from '../../../src/main/store/store-error';
import { openSettingsStore } from '../../../src/main/settings/settings-store';
import { confIn, thrownBy, useTempDir } from './temp-store-dir';

const tempDir = useTempDir();

describe('the error a store throws', () => {
  it('a refused change lists each refused field, and its JSON carries them without a stack', () => {
    const store = openSettingsStore({ createStore: confIn(tempDir()) });
    const error = thrownBy(() => store.update({ theme: 'neon', sparkles: true }));
    expect(error.name).toBe('StoreError');
    expect(error.kind).toBe('invalid_input');
    expect(error.problems).toEqual([
      'The theme must be one of: system, light, dark.',
      '“sparkles” is not a setting that can be changed.',
    ]);
    expect(JSON.parse(JSON.stringify(error))).toEqual({
      name: 'StoreError',
      kind: 'invalid_input',
      message:
        'The settings were not changed. The theme must be one of: system, light, dark. “sparkles” is not a setting that can be changed.',
      problems: error.problems,
    });
  });

  it('a file that cannot be read is a storage error whose one problem is its message', () => {
    fs.mkdirSync(path.join(tempDir(), 'settings.json'));
    const error = thrownBy(() => openSettingsStore({ createStore: confIn(tempDir()) }));
    expect(error.kind).toBe('storage');
    // conf itself reads the file as it opens, and fails first.
    expect(error.message).toBe(
      'The settings file settings.json could not be read (EISDIR). Check that it is a file readable by your user.',
    );
    expect(error.problems).toEqual([error.message]);
    expect(error.toJSON()).toEqual({
      name: 'StoreError',
      kind: 'storage',
      message: error.message,
      problems: [error.message],
    });
  });

  it('is an Error, shown by its name', () => {
    const error = new StoreError('storage', 'The disk is full.');
    expect(error).toBeInstanceOf(Error);
    expect(String(error)).toBe('StoreError: The disk is full.');
  });
});

describe('the reason of a failed file operation, as the messages name it', () => {
  it('is the system’s code when there is one', () => {
    let failure: unknown;
    try {
      fs.readFileSync(path.join(tempDir(), 'missing.json'));
    } catch (error) {
      failure = error;
    }
    expect(fileErrorReason(failure)).toBe('ENOENT');
  });

  it('is the message of an error without a text code, and the text of anything else', () => {
    expect(fileErrorReason(new Error('the disk is on fire'))).toBe('the disk is on fire');
    const numbered = Object.assign(new Error('numbered failure'), { code: 28 });
    expect(fileErrorReason(numbered)).toBe('numbered failure');
    expect(fileErrorReason('quota exceeded')).toBe('quota exceeded');
    expect(fileErrorReason({ code: 'EACCES' })).toBe('[object Object]');
  });
});
