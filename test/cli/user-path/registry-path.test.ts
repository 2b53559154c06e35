import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  powerShellRegistry,
  systemPowerShell,
  type RunPowerShell,
} from '../../../src/cli/user-path/registry-path';

const VALUE = 'C:\\Users\\José\\bin;%USERPROFILE%\\go\\bin;C:\\Program Files\\Ünïcode';

/** What -EncodedCommand carries: the script, as PowerShell decodes it. */
function scriptOf(args: readonly string[]): string {
  expect(args.slice(0, 5)).toEqual([
    '-NoProfile',
    '-NonInteractive',
    '-ExecutionPolicy',
    'Bypass',
    '-EncodedCommand',
  ]);
  return Buffer.from(args[5] ?? '', 'base64').toString('utf16le');
}

/** Answers a read as PowerShell prints it; records the scripts it is given. */
function answering(output: string): RunPowerShell & { scripts: string[] } {
  const scripts: string[] = [];
  return Object.assign(
    (args: readonly string[]) => {
      scripts.push(scriptOf(args));
      return Promise.resolve(output);
    },
    { scripts },
  );
}

describe("the user's PATH in the registry, through PowerShell", () => {
  it('reads the raw value back from base64 of its UTF-8 bytes, with its kind', async () => {
    const base64 = Buffer.from(VALUE, 'utf8').toString('base64');
    const run = answering(`ExpandString ${base64}\r\n`);
    expect(await powerShellRegistry(run).read()).toEqual({ value: VALUE, kind: 'ExpandString' });
    // The script as PowerShell runs it (a Windows runner runs it for real, below).
    expect(run.scripts[0]).toBe(
      [
        "$ErrorActionPreference = 'Stop'",
        "$key = [Microsoft.Win32.Registry]::CurrentUser.OpenSubKey('Environment')",
        "$value = if ($key) { $key.GetValue('Path', $null, 'DoNotExpandEnvironmentNames') } else { $null }",
        "if ($null -eq $value) { 'none' } else {",
        "  $key.GetValueKind('Path').ToString() + ' ' + [Convert]::ToBase64String([Text.Encoding]::UTF8.GetBytes([string]$value))",
        '}',
      ].join('\n'),
    );
    expect(await powerShellRegistry(answering('String ')).read()).toEqual({
      value: '',
      kind: 'String',
    });
    expect(await powerShellRegistry(answering('none\r\n')).read()).toEqual({
      value: undefined,
      kind: 'ExpandString',
    });
  });

  it('refuses a value that is not text rather than rewrite it', async () => {
    await expect(powerShellRegistry(answering('DWord MTIz')).read()).rejects.toThrow(
      'not text that can be edited safely (DWord MTIz)',
    );
    await expect(powerShellRegistry(answering('ExpandString a b')).read()).rejects.toThrow(
      'not text',
    );
    // Something printed before the answer is no answer either.
    await expect(powerShellRegistry(answering('Warning: String QUJD')).read()).rejects.toThrow(
      'not text',
    );
    // A long complaint is cut to its start in the message.
    await expect(powerShellRegistry(answering(`Binary ${'A'.repeat(100)}`)).read()).rejects.toThrow(
      `(Binary ${'A'.repeat(33)}).`,
    );
  });

  it('writes the value as base64 inside the script, of the kind it had, to the value it names', async () => {
    const run = answering('');
    await powerShellRegistry(run, "O'Scratch").write({ value: VALUE, kind: 'String' });
    const [script] = run.scripts;
    expect(script).toBe(
      [
        "$ErrorActionPreference = 'Stop'",
        "$key = [Microsoft.Win32.Registry]::CurrentUser.CreateSubKey('Environment')",
        `$value = [Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('${Buffer.from(VALUE).toString('base64')}'))`,
        "$key.SetValue('O''Scratch', $value, [Microsoft.Win32.RegistryValueKind]::String)",
        '$key.Close()',
      ].join('\n'),
    );
    expect(script).toContain(
      "$key.SetValue('O''Scratch', $value, [Microsoft.Win32.RegistryValueKind]::String)",
    );
    expect(script).not.toContain('José');
  });

  it('runs Windows PowerShell from System32 only', async () => {
    const run = systemPowerShell({ SystemRoot: 'C:\\Nowhere' });
    await expect(run(['-NoProfile', '-EncodedCommand', 'QQA='])).rejects.toMatchObject({
      path: 'C:\\Nowhere\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
      spawnargs: ['-NoProfile', '-EncodedCommand', 'QQA='],
    });
    await expect(systemPowerShell({})([])).rejects.toMatchObject({
      path: 'C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe',
    });
  });
});

// The scripts themselves, run by the PowerShell of the Windows runners (release workflow), on a
// scratch value beside the user's PATH.
describe.runIf(process.platform === 'win32')('the registry itself (Windows)', () => {
  it('keeps a value with non-ASCII folders and variables through a write and a read', async () => {
    const scratch = `ProxyTrayTest${process.pid}`;
    const registry = powerShellRegistry(systemPowerShell(process.env), scratch);
    try {
      expect(await registry.read()).toEqual({ value: undefined, kind: 'ExpandString' });
      await registry.write({ value: VALUE, kind: 'ExpandString' });
      expect(await registry.read()).toEqual({ value: VALUE, kind: 'ExpandString' });
    } finally {
      await promisify(execFile)('reg', ['delete', 'HKCU\\Environment', '/v', scratch, '/f']).catch(
        () => undefined,
      );
    }
  });
});
