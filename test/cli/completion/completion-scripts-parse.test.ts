import { describe, expect, it } from 'vitest';
import { runShell, scriptFile } from './shells';

describe('each generated completion script is valid for its shell', () => {
  it('bash -n', () => {
    const run = runShell('bash', ['-n', scriptFile('bash')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('zsh -n', () => {
    const run = runShell('zsh', ['-n', scriptFile('zsh')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('fish --no-execute', () => {
    const run = runShell('fish', ['--no-execute', scriptFile('fish')]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
  });

  it('a shell that is not installed fails the test, naming the Debian package to install', () => {
    const noShells = { ...process.env, PATH: '/nonexistent' };
    expect(() => runShell('zsh', ['-n', scriptFile('zsh')], noShells)).toThrow(
      'zsh is not installed: `apt-get install zsh`',
    );
    expect(() => runShell('fish', ['-c', 'true'], noShells)).toThrow('`apt-get install fish`');
  });
});
