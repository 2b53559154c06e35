import type { ChildProcess } from 'node:child_process';

/**
 * Resolves once `child` has printed the line `line` on its stdout (the test child's "I'm ready");
 * rejects if it exits first, with `exitedWhat`, its exit code or signal, and what it wrote to
 * stderr.
 */
export function childSays(child: ChildProcess, line: string, exitedWhat: string): Promise<void> {
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      if (stdout.includes(`${line}\n`)) resolve();
    });
    child.once('exit', (code, signal) =>
      reject(new Error(`${exitedWhat} (${code ?? signal}): ${stderr}`)),
    );
  });
}
