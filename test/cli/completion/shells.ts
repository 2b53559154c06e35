import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { completionScript } from '../../../src/cli/completion/completion-script';
import type { CompletionShell } from '../../../src/cli/completion/completion-script';

/** The real shells the completion tests run, and the Debian package each comes from. */
const DEBIAN_PACKAGES: Record<CompletionShell, string> = { bash: 'bash', zsh: 'zsh', fish: 'fish' };

export interface ShellRun {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs a shell; a shell that is not installed fails the test with the package to install. */
export function runShell(
  shell: CompletionShell,
  args: string[],
  env: NodeJS.ProcessEnv = process.env,
): ShellRun {
  const result = spawnSync(shell, args, { env, encoding: 'utf8', timeout: 20_000 });
  if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT') {
    throw new Error(
      `${shell} is not installed: \`apt-get install ${DEBIAN_PACKAGES[shell]}\` (npm test installs it)`,
    );
  }
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** The shell's completion script, written to a fresh temporary file. */
export function scriptFile(shell: CompletionShell): string {
  const file = join(mkdtempSync(join(tmpdir(), 'proxy-tray-completion-')), `proxy-tray.${shell}`);
  writeFileSync(file, completionScript(shell));
  return file;
}

/** What the stand-in `proxy-tray` answers to `__complete proxies`: a space and a colon included. */
export const STAND_IN_PROXIES = ['alpha', 'my proxy', '10.0.0.1:8080'];

/**
 * An environment whose PATH starts with a stand-in `proxy-tray` (a tiny sh script) that answers
 * `__complete proxies` with STAND_IN_PROXIES, or, failing, writes to stderr and exits 1.
 */
export function standInEnvironment(answer: 'proxies' | 'failure'): NodeJS.ProcessEnv {
  const folder = mkdtempSync(join(tmpdir(), 'proxy-tray-stand-in-'));
  const body =
    answer === 'proxies'
      ? `[ "$1 $2" = "__complete proxies" ] || exit 2\nprintf '%s\\n' ${STAND_IN_PROXIES.map((line) => `'${line}'`).join(' ')}\n`
      : `echo 'proxy-tray: sign-in needed' >&2\nexit 4\n`;
  const file = join(folder, 'proxy-tray');
  writeFileSync(file, `#!/bin/sh\n${body}`);
  chmodSync(file, 0o755);
  return { ...process.env, PATH: `${folder}${delimiter}${process.env['PATH'] ?? ''}` };
}
