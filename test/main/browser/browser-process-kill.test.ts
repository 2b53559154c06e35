import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { signalBrowserTree } from '../../../src/main/browser/browser-process-kill';
import { pidGone } from './browser-processes';

describe('ending a browser and what it started', () => {
  it('reaches the whole process group on POSIX, grandchildren included', async () => {
    // A shell (the "browser") with a child of its own, both in the shell's new group.
    const child = spawn('/bin/sh', ['-c', 'sleep 60 & echo $!; wait'], {
      detached: true,
      stdio: ['ignore', 'pipe', 'ignore'],
    });
    const [line] = (await once(child.stdout, 'data')) as [Buffer];
    const grandchild = Number(line.toString().trim());
    expect(pidGone(grandchild)).toBe(false);
    const exited = once(child, 'exit');
    signalBrowserTree(child, 'SIGTERM', 'linux');
    await exited;
    for (let i = 0; i < 100 && !pidGone(grandchild); i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pidGone(grandchild)).toBe(true);
    // Signalling a group that is gone is not an error.
    expect(() => signalBrowserTree(child, 'SIGKILL', 'linux')).not.toThrow();
  });

  it('ends the process itself where there are no groups to signal (Windows)', async () => {
    const child = spawn('sleep', ['60'], { stdio: 'ignore' });
    await once(child, 'spawn');
    const exited = once(child, 'exit');
    signalBrowserTree(child, 'SIGTERM', 'win32');
    expect(await exited).toEqual([null, 'SIGTERM']);
  });
});
