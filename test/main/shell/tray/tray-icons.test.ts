import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  assetsDirectory,
  trayIconPath,
  trayMenuAttachment,
} from '../../../../src/main/shell/tray/tray-icons';

const repoAssets = resolve(import.meta.dirname, '../../../../assets');

describe('trayIconPath', () => {
  it('gives each platform its own format', () => {
    expect(trayIconPath('darwin', '/res')).toBe(join('/res', 'trayTemplate.png'));
    expect(trayIconPath('win32', '/res')).toBe(join('/res', 'tray.ico'));
    expect(trayIconPath('linux', '/res')).toBe(join('/res', 'tray.png'));
    expect(trayIconPath('freebsd', '/res')).toBe(join('/res', 'tray.png'));
  });

  it.each(['darwin', 'win32', 'linux'] as const)('points at a committed file on %s', (platform) => {
    expect(existsSync(trayIconPath(platform, repoAssets))).toBe(true);
  });

  it('has the Retina variant beside the macOS template image', () => {
    expect(existsSync(join(repoAssets, 'trayTemplate@2x.png'))).toBe(true);
  });
});

describe('assetsDirectory', () => {
  it('reads the project assets while developing', () => {
    expect(
      assetsDirectory({
        isPackaged: false,
        resourcesPath: '/electron/resources',
        appPath: '/src/app',
      }),
    ).toBe(join('/src/app', 'assets'));
  });

  it('reads the copied resources in the installed app', () => {
    expect(
      assetsDirectory({
        isPackaged: true,
        resourcesPath: '/opt/Proxy Tray/resources',
        appPath: '/opt/Proxy Tray/resources/app.asar',
      }),
    ).toBe(join('/opt/Proxy Tray/resources', 'assets'));
  });
});

describe('trayMenuAttachment', () => {
  it('attaches the menu on Linux, where it may be the only way in, and on Windows', () => {
    expect(trayMenuAttachment('linux')).toBe('attached');
    expect(trayMenuAttachment('freebsd')).toBe('attached');
    expect(trayMenuAttachment('win32')).toBe('attached');
  });

  it('pops the menu up on right-click on macOS, keeping the left click for the popup', () => {
    expect(trayMenuAttachment('darwin')).toBe('on-right-click');
  });
});
