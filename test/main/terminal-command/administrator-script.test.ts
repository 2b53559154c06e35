import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  administratorAppleScript,
  appleScriptString,
  installLinkCommand,
  removeLinkCommand,
} from '../../../src/main/terminal-command/administrator-script';

let base = '';
beforeEach(() => {
  base = fs.mkdtempSync(path.join(os.tmpdir(), "pt-admin script's "));
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

const sh = (command: string) => spawnSync('sh', ['-c', command], { encoding: 'utf8' });

describe('appleScriptString', () => {
  it('escapes backslashes and double quotes, and nothing else', () => {
    expect(appleScriptString(`say "hi" \\ it's`)).toBe(`"say \\"hi\\" \\\\ it's"`);
    expect(appleScriptString('/Applications/Proxy Tray.app')).toBe(
      '"/Applications/Proxy Tray.app"',
    );
  });

  it('writes the shell command whole inside `do shell script`, with the prompt', () => {
    const command = installLinkCommand({
      linkPath: '/usr/local/bin/proxy-tray',
      targetPath: "/Users/me/Proxy Tray's copy.app/Contents/Resources/bin/proxy-tray",
    });
    expect(command).toBe(
      "mkdir -p '/usr/local/bin' && { [ ! -e '/usr/local/bin/proxy-tray' ] || [ -L '/usr/local/bin/proxy-tray' ]; } && ln -sfn '/Users/me/Proxy Tray'\\''s copy.app/Contents/Resources/bin/proxy-tray' '/usr/local/bin/proxy-tray'",
    );
    expect(administratorAppleScript(command, 'Proxy Tray wants "this".')).toBe(
      `do shell script "mkdir -p '/usr/local/bin' && { [ ! -e '/usr/local/bin/proxy-tray' ] || [ -L '/usr/local/bin/proxy-tray' ]; } && ln -sfn '/Users/me/Proxy Tray'\\\\''s copy.app/Contents/Resources/bin/proxy-tray' '/usr/local/bin/proxy-tray'" with prompt "Proxy Tray wants \\"this\\"." with administrator privileges`,
    );
  });
});

describe('the administrator commands, run by sh', () => {
  const place = () => ({
    linkPath: path.join(base, 'usr local', 'bin', 'proxy-tray'),
    targetPath: path.join(base, "Proxy Tray's.app", 'bin', 'proxy-tray'),
  });

  it('make the missing folder and the link, and replace a link without following it', () => {
    const { linkPath, targetPath } = place();
    expect(sh(installLinkCommand({ linkPath, targetPath })).status).toBe(0);
    expect(fs.readlinkSync(linkPath)).toBe(targetPath);

    // A link to a folder: ln without -n would put the new link inside that folder.
    const folder = path.join(base, 'elsewhere');
    fs.mkdirSync(folder);
    fs.rmSync(linkPath);
    fs.symlinkSync(folder, linkPath);
    expect(sh(installLinkCommand({ linkPath, targetPath })).status).toBe(0);
    expect(fs.readlinkSync(linkPath)).toBe(targetPath);
    expect(fs.readdirSync(folder)).toEqual([]);
  });

  it('leave a file that is no link alone, and fail', () => {
    const { linkPath, targetPath } = place();
    fs.mkdirSync(path.dirname(linkPath), { recursive: true });
    fs.writeFileSync(linkPath, 'someone else');
    expect(sh(installLinkCommand({ linkPath, targetPath })).status).not.toBe(0);
    expect(sh(removeLinkCommand({ linkPath })).status).not.toBe(0);
    expect(fs.readFileSync(linkPath, 'utf8')).toBe('someone else');
  });

  it('remove the link and not what it points at', () => {
    const { linkPath, targetPath } = place();
    fs.mkdirSync(path.dirname(targetPath), { recursive: true });
    fs.writeFileSync(targetPath, 'the command');
    expect(sh(installLinkCommand({ linkPath, targetPath })).status).toBe(0);
    expect(sh(removeLinkCommand({ linkPath })).status).toBe(0);
    expect(fs.existsSync(linkPath)).toBe(false);
    expect(fs.readFileSync(targetPath, 'utf8')).toBe('the command');
  });
});
