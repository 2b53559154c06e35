import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AUTOSTART_FILE_NAME,
  applyXdgAutostart,
  autostartDesktopEntry,
  quoteExecArgument,
} from '../../../../src/main/shell/lifecycle/xdg-autostart';

describe('quoteExecArgument', () => {
  it.each([
    ['/usr/bin/proxy-tray', '/usr/bin/proxy-tray'],
    ['--launched-at-login', '--launched-at-login'],
    ['/opt/Proxy Tray/proxy-tray', '"/opt/Proxy Tray/proxy-tray"'],
    ['/home/a"b/app', '"/home/a\\"b/app"'],
    ['/home/$USER/app', '"/home/\\$USER/app"'],
    ['/home/`x`/app', '"/home/\\`x\\`/app"'],
    ['C:\\odd', '"C:\\\\odd"'],
    ['/apps/100%/app', '/apps/100%%/app'],
    ["/apps/it's/app", '"/apps/it\'s/app"'],
    ['', '""'],
  ])('%s → %s', (argument, quoted) => {
    expect(quoteExecArgument(argument)).toBe(quoted);
  });
});

describe('autostartDesktopEntry', () => {
  it('is a valid application entry that runs the command', () => {
    const entry = autostartDesktopEntry(['/opt/Proxy Tray/proxy-tray', '--launched-at-login']);
    const lines = entry.split('\n');
    expect(lines[0]).toBe('[Desktop Entry]');
    expect(lines).toContain('Type=Application');
    expect(lines).toContain('Name=Proxy Tray');
    expect(lines).toContain('Exec="/opt/Proxy Tray/proxy-tray" --launched-at-login');
    expect(lines).toContain('X-GNOME-Autostart-enabled=true');
    expect(entry.endsWith('\n')).toBe(true);
  });

  it('escapes a backslash twice: once for the Exec quoting, once for the string value', () => {
    const entry = autostartDesktopEntry(['/odd\\dir/app']);
    expect(entry).toContain('Exec="/odd\\\\\\\\dir/app"');
  });
});

describe('applyXdgAutostart', () => {
  let configHome: string;
  let file: string;

  beforeEach(async () => {
    configHome = await mkdtemp(join(tmpdir(), 'proxy-tray-autostart-'));
    file = join(configHome, 'autostart', AUTOSTART_FILE_NAME);
  });

  afterEach(async () => {
    await rm(configHome, { recursive: true, force: true });
  });

  it('creates the autostart directory and the entry', async () => {
    await applyXdgAutostart(file, ['/usr/bin/proxy-tray', '--launched-at-login']);
    const entry = await readFile(file, 'utf8');
    expect(entry).toContain('Exec=/usr/bin/proxy-tray --launched-at-login');
    // Readable by its owner, writable by nobody else (the umask may narrow 0644 further). Windows
    // has no such modes: it reports 0o666 for any writable file (XDG autostart is Linux's anyway).
    if (process.platform !== 'win32') {
      const mode = (await stat(file)).mode;
      expect(mode & 0o600).toBe(0o600);
      expect(mode & 0o022).toBe(0);
    }
  });

  it('replaces an entry with an old command', async () => {
    await applyXdgAutostart(file, ['/old/path']);
    await applyXdgAutostart(file, ['/new/path']);
    const entry = await readFile(file, 'utf8');
    expect(entry).toContain('Exec=/new/path');
    expect(entry).not.toContain('/old/path');
  });

  it('removes the entry when turned off, and does not mind if it is already gone', async () => {
    await writeFile(join(configHome, 'keep.txt'), 'other');
    await applyXdgAutostart(file, ['/usr/bin/proxy-tray']);
    await applyXdgAutostart(file, null);
    await expect(stat(file)).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(applyXdgAutostart(file, null)).resolves.toBeUndefined();
    expect(await readFile(join(configHome, 'keep.txt'), 'utf8')).toBe('other');
  });
});
