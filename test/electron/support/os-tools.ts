import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);

/** Runs an OS tool; a tool that hangs (a keychain prompt nobody answers) fails instead. */
export function runTool(
  command: string,
  args: readonly string[],
): Promise<{ stdout: string; stderr: string }> {
  return execFileAsync(command, args, { timeout: 20_000, windowsHide: true });
}

/** The exit status of a tool that ran and failed; undefined when it did not run or was killed. */
export function exitStatusOf(error: unknown): number | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'number' ? code : undefined;
}

/** True when the tool is not installed. */
export function isMissingTool(error: unknown): boolean {
  return (error as { code?: unknown } | null)?.code === 'ENOENT';
}
