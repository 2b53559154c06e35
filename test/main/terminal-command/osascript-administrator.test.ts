import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { administratorAppleScript } from '../../../src/main/terminal-command/administrator-script';
import {
  AdministratorCancelledError,
  administratorFailure,
  osascriptAdministrator,
} from '../../../src/main/terminal-command/osascript-administrator';

describe('administratorFailure', () => {
  it('reads a closed password prompt as cancelled, and says so in its own words', () => {
    const failure = administratorFailure('0:112: execution error: User canceled. (-128)\n');
    expect(failure).toBeInstanceOf(AdministratorCancelledError);
    expect(String(failure)).toBe(
      'AdministratorCancelledError: The administrator password was not given.',
    );
  });

  it('reads "(-128)" as cancelled only at the end of what osascript said', () => {
    const failure = administratorFailure('0:245: execution error: rm: ./(-128): Not a link (1)');
    expect(failure).not.toBeInstanceOf(AdministratorCancelledError);
    expect(failure.message).toBe('rm: ./(-128): Not a link');
    expect(administratorFailure('0:245: execution error: rm: ./(-128)x').message).toBe(
      'rm: ./(-128)x',
    );
  });

  it("says any other failure in osascript's words, without its prefix and number", () => {
    const failure = administratorFailure(
      '0:245: execution error: ln: /usr/local/bin/proxy-tray: Read-only file system (1)\n',
    );
    expect(failure).not.toBeInstanceOf(AdministratorCancelledError);
    expect(failure.message).toBe('ln: /usr/local/bin/proxy-tray: Read-only file system');
  });

  it('takes off a prefix with long positions, and a long number with or without a space before it', () => {
    expect(administratorFailure('12:345: execution error: mkdir failed (127)  \n').message).toBe(
      'mkdir failed',
    );
    expect(administratorFailure('0:9: execution error: mkdir failed(-2700)').message).toBe(
      'mkdir failed',
    );
  });

  it('leaves what only looks like the prefix or the number inside the message', () => {
    expect(administratorFailure('sh: 1:2: execution error: odd (1) name').message).toBe(
      'sh: 1:2: execution error: odd (1) name',
    );
  });

  it('says something when osascript said nothing', () => {
    expect(administratorFailure('').message).toBe('The administrator command failed.');
    expect(administratorFailure(' \n').message).toBe('The administrator command failed.');
  });
});

describe('osascriptAdministrator, through a stand-in osascript', () => {
  let folder = '';
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'pt-osascript-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  /** Records its arguments, one per NUL-ended record, then answers as osascript would. */
  function standIn(answer: { stderr: string; exitCode: number }): string {
    const executable = path.join(folder, 'osascript');
    fs.writeFileSync(
      executable,
      [
        '#!/bin/sh',
        `for argument in "$@"; do printf '%s\\0' "$argument"; done > '${folder}/arguments'`,
        `printf '%s' '${answer.stderr}' >&2`,
        `exit ${answer.exitCode}`,
      ].join('\n'),
      { mode: 0o755 },
    );
    return executable;
  }
  const argumentsGiven = () =>
    fs.readFileSync(path.join(folder, 'arguments'), 'utf8').split('\0').slice(0, -1);

  it("runs the command through `osascript -e`, behind macOS's prompt naming Proxy Tray", async () => {
    const run = osascriptAdministrator(standIn({ stderr: '', exitCode: 0 }));
    await expect(run("rm -f '/usr/local/bin/proxy-tray'")).resolves.toBeUndefined();
    expect(argumentsGiven()).toEqual([
      '-e',
      administratorAppleScript(
        "rm -f '/usr/local/bin/proxy-tray'",
        'Proxy Tray wants to change the proxy-tray command in /usr/local/bin.',
      ),
    ]);
  });

  it('rejects with cancelled when the prompt is closed', async () => {
    const run = osascriptAdministrator(
      standIn({ stderr: '0:123: execution error: User canceled. (-128)\n', exitCode: 1 }),
    );
    await expect(run('true')).rejects.toBeInstanceOf(AdministratorCancelledError);
  });

  it("rejects with osascript's words when the command fails", async () => {
    const run = osascriptAdministrator(
      standIn({ stderr: '0:98: execution error: ln: Read-only file system (1)\n', exitCode: 1 }),
    );
    const failure = await run('ln -sfn a b').catch((error: unknown) => error);
    expect(failure).not.toBeInstanceOf(AdministratorCancelledError);
    expect((failure as Error).message).toBe('ln: Read-only file system');
  });
});
