import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { terminalCommandCases } from '../../../src/main/app/terminal-command-cases';
import { createCommandLinkInstaller } from '../../../src/main/terminal-command/command-link-installer';

let base = '';
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

describe('terminalCommandCases', () => {
  it('shows nothing and refuses changes where the installer puts the command on PATH', async () => {
    const cases = terminalCommandCases({});
    expect(await cases['terminal-command:status'](undefined)).toEqual({ state: 'unavailable' });
    for (const channel of ['terminal-command:install', 'terminal-command:remove'] as const) {
      await expect(cases[channel](undefined)).rejects.toMatchObject({
        kind: 'invalid_request',
        message: 'The proxy-tray command is put on PATH by the installer on this system.',
      });
    }
  });

  it('installs and removes through the installer on macOS', async () => {
    base = fs.mkdtempSync(path.join(os.tmpdir(), 'pt-cases-'));
    const linkPath = path.join(base, 'bin', 'proxy-tray');
    const targetPath = path.join(base, 'proxy-tray');
    fs.writeFileSync(targetPath, '');
    const cases = terminalCommandCases({
      terminalCommand: createCommandLinkInstaller({
        linkPath,
        targetPath,
        runAsAdministrator: () => Promise.reject(new Error('not asked')),
      }),
    });
    expect(await cases['terminal-command:status'](undefined)).toEqual({
      state: 'absent',
      linkPath,
    });
    expect((await cases['terminal-command:install'](undefined)).view.state).toBe('installed');
    expect((await cases['terminal-command:remove'](undefined)).view.state).toBe('absent');
  });
});
