import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { CliFailure } from '../../../src/cli/cli-failure';
import type { CliIo } from '../../../src/cli/cli-io';
import { EXIT } from '../../../src/cli/exit-codes';
import type { RegistryPath, UserPathRegistry } from '../../../src/cli/user-path/registry-path';
import { runCli } from '../../../src/cli/run-cli';
import {
  USER_PATH_COMMAND,
  userPathCommand,
  type UserPathPlace,
} from '../../../src/cli/user-path/user-path-command';

const EXE = 'C:\\Users\\ann\\AppData\\Local\\Programs\\Proxy Tray\\resources\\bin\\proxy-tray.exe';
const BIN = 'C:\\Users\\ann\\AppData\\Local\\Programs\\Proxy Tray\\resources\\bin';

/** The registry's value in memory, every write recorded. */
function memoryRegistry(start: RegistryPath): UserPathRegistry & { writes: RegistryPath[] } {
  let current = start;
  const writes: RegistryPath[] = [];
  return {
    writes,
    read: () => Promise.resolve(current),
    write: (path) => {
      current = path;
      writes.push(path);
      return Promise.resolve();
    },
  };
}

function memoryIo(): CliIo & { out: string[] } {
  const out: string[] = [];
  return {
    out,
    stdout: { write: (text: string) => out.push(text) },
    stderr: { write: () => true },
    stdin: Readable.from([]),
    env: {},
    stdoutIsTerminal: false,
    stderrIsTerminal: false,
    stopped: () => new Promise<void>(() => undefined),
  };
}

function place(registry: UserPathRegistry, overrides: Partial<UserPathPlace> = {}): UserPathPlace {
  return { platform: 'win32', executable: EXE, installed: true, registry, ...overrides };
}

describe('proxy-tray __user-path, run by the Windows installer', () => {
  it("adds the executable's own folder once, keeping the value's kind, and takes it off again", async () => {
    const registry = memoryRegistry({ value: '%USERPROFILE%\\go\\bin', kind: 'ExpandString' });
    const io = memoryIo();
    expect(await userPathCommand('add', io, place(registry))).toBe(EXIT.done);
    expect(registry.writes).toEqual([
      { value: `%USERPROFILE%\\go\\bin;${BIN}`, kind: 'ExpandString' },
    ]);
    expect(io.out.join('')).toBe(`${BIN} added to your PATH.\n`);

    expect(await userPathCommand('add', io, place(registry))).toBe(EXIT.done);
    expect(registry.writes).toHaveLength(1);
    expect(io.out.at(-1)).toBe(`${BIN} was on your PATH already.\n`);

    expect(await userPathCommand('remove', io, place(registry))).toBe(EXIT.done);
    expect(registry.writes.at(-1)).toEqual({
      value: '%USERPROFILE%\\go\\bin',
      kind: 'ExpandString',
    });
    expect(io.out.at(-1)).toBe(`${BIN} removed from your PATH.\n`);

    expect(await userPathCommand('remove', io, place(registry))).toBe(EXIT.done);
    expect(registry.writes).toHaveLength(2);
    expect(io.out.at(-1)).toBe(`${BIN} was not on your PATH already.\n`);
  });

  it('gives a user without a PATH of their own one holding the folder, as an expandable value', async () => {
    const registry = memoryRegistry({ value: undefined, kind: 'ExpandString' });
    await userPathCommand('add', memoryIo(), place(registry));
    expect(registry.writes).toEqual([{ value: BIN, kind: 'ExpandString' }]);
    const none = memoryRegistry({ value: undefined, kind: 'ExpandString' });
    const io = memoryIo();
    expect(await userPathCommand('remove', io, place(none))).toBe(EXIT.done);
    expect(none.writes).toEqual([]);
    expect(io.out).toEqual([`${BIN} was not on your PATH already.\n`]);
    const plain = memoryRegistry({ value: 'C:\\A', kind: 'String' });
    await userPathCommand('add', memoryIo(), place(plain));
    expect(plain.writes).toEqual([{ value: `C:\\A;${BIN}`, kind: 'String' }]);
  });

  it('refuses anything but the installed executable on Windows, and an unknown action, touching nothing', async () => {
    const registry = memoryRegistry({ value: 'C:\\A', kind: 'ExpandString' });
    const refusals = [
      userPathCommand('add', memoryIo(), place(registry, { installed: false })),
      userPathCommand('add', memoryIo(), place(registry, { platform: 'linux' })),
      userPathCommand('list', memoryIo(), place(registry)),
      userPathCommand(undefined, memoryIo(), place(registry)),
    ];
    for (const refusal of refusals) {
      await expect(refusal).rejects.toBeInstanceOf(CliFailure);
      await expect(refusal).rejects.toMatchObject({ exitCode: EXIT.usage });
    }
    await expect(refusals[0]).rejects.toThrow('edits the PATH of an installed proxy-tray.exe');
    await expect(refusals[2]).rejects.toThrow('takes add or remove');
    expect(registry.writes).toEqual([]);
  });

  it('is what `proxy-tray __user-path` runs, before any command is parsed', async () => {
    const io = memoryIo();
    const errors: string[] = [];
    const code = await runCli(
      [USER_PATH_COMMAND, 'add'],
      { ...io, stderr: { write: (text: string) => errors.push(text) } },
      () => Promise.reject(new Error('The PATH command needs no app.')),
    );
    expect(USER_PATH_COMMAND).toBe('__user-path');
    expect(code).toBe(EXIT.usage);
    expect(errors.join('')).toContain('__user-path is for the Windows installer');
  });
});
