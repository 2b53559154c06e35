import { execFile } from 'node:child_process';
import { win32 } from 'node:path';
import { promisify } from 'node:util';

/**
 * The user's PATH in the registry (HKCU\Environment\Path), read and written through Windows
 * PowerShell, which every Windows since 7 has.
 *
 * Why not `reg.exe` or `setx`: `reg query` prints the value in the console's code page, so a folder
 * with a non-ASCII name (a user called José) would come back mangled and be written back broken;
 * `setx` cuts the value at 1,024 characters. Why not a registry package: those wrap `reg.exe` (the
 * same code-page problem) or need a native build. Here the value crosses the process boundary only
 * as base64 of its UTF-8 bytes, the scripts go as -EncodedCommand (no quoting of any kind), and the
 * value's kind is kept: REG_EXPAND_SZ, so `%USERPROFILE%\bin` entries still expand.
 */

export type RegistryValueKind = 'String' | 'ExpandString';

export interface RegistryPath {
  /** The raw value (variables unexpanded), or undefined when the user has no PATH of their own. */
  value: string | undefined;
  kind: RegistryValueKind;
}

/** Runs `powershell.exe` with these arguments and gives its stdout. */
export type RunPowerShell = (args: readonly string[]) => Promise<string>;

/** Where the user's PATH is kept: the registry on Windows, a map in the command's tests. */
export interface UserPathRegistry {
  read(): Promise<RegistryPath>;
  write(path: { value: string; kind: RegistryValueKind }): Promise<void>;
}

/**
 * HKCU\Environment's value `valueName` through PowerShell: `Path` for the user's PATH, a scratch
 * value in the tests that run on Windows.
 */
export function powerShellRegistry(run: RunPowerShell, valueName = 'Path'): UserPathRegistry {
  return {
    async read() {
      const output = (await run(encodedCommand(readScript(valueName)))).trim();
      if (output === 'none') return { value: undefined, kind: 'ExpandString' };
      const match = /^(String|ExpandString)(?: ([A-Za-z0-9+/=]*))?$/.exec(output);
      if (!match) {
        // Binary, a number, or something printed in between: not a PATH to rewrite.
        throw new Error(
          `Your PATH in the registry is not text that can be edited safely (${output.slice(0, 40)}).`,
        );
      }
      return {
        kind: match[1] as RegistryValueKind,
        value: Buffer.from(match[2] ?? '', 'base64').toString('utf8'),
      };
    },
    async write(path) {
      await run(encodedCommand(writeScript(valueName, path.value, path.kind)));
    },
  };
}

function readScript(valueName: string): string {
  return [
    "$ErrorActionPreference = 'Stop'",
    "$key = [Microsoft.Win32.Registry]::CurrentUser.OpenSubKey('Environment')",
    `$value = if ($key) { $key.GetValue(${psString(valueName)}, $null, 'DoNotExpandEnvironmentNames') } else { $null }`,
    "if ($null -eq $value) { 'none' } else {",
    `  $key.GetValueKind(${psString(valueName)}).ToString() + ' ' + [Convert]::ToBase64String([Text.Encoding]::UTF8.GetBytes([string]$value))`,
    '}',
  ].join('\n');
}

function writeScript(valueName: string, value: string, kind: RegistryValueKind): string {
  const base64 = Buffer.from(value, 'utf8').toString('base64');
  return [
    "$ErrorActionPreference = 'Stop'",
    "$key = [Microsoft.Win32.Registry]::CurrentUser.CreateSubKey('Environment')",
    `$value = [Text.Encoding]::UTF8.GetString([Convert]::FromBase64String('${base64}'))`,
    `$key.SetValue(${psString(valueName)}, $value, [Microsoft.Win32.RegistryValueKind]::${kind})`,
    '$key.Close()',
  ].join('\n');
}

/** A PowerShell single-quoted string: only `'` is special, and it is doubled. */
function psString(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

/** -EncodedCommand takes the script as base64 of its UTF-16LE bytes: nothing in it is quoted. */
function encodedCommand(script: string): string[] {
  return [
    '-NoProfile',
    '-NonInteractive',
    '-ExecutionPolicy',
    'Bypass',
    '-EncodedCommand',
    Buffer.from(script, 'utf16le').toString('base64'),
  ];
}

/** Windows PowerShell from System32: never a `powershell.exe` some folder on PATH happens to hold. */
export function systemPowerShell(env: Readonly<Record<string, string | undefined>>): RunPowerShell {
  const systemRoot = env['SystemRoot'] ?? 'C:\\Windows';
  const file = win32.join(systemRoot, 'System32', 'WindowsPowerShell', 'v1.0', 'powershell.exe');
  const run = promisify(execFile);
  return async (args) => (await run(file, [...args], { windowsHide: true })).stdout;
}
