import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  LAUNCHED_AT_LOGIN_ARG,
  loginItemPlan,
  wasLaunchedAtLogin,
  type LoginItemEnvironment,
} from '../../../../src/main/shell/lifecycle/login-item';

const installed: LoginItemEnvironment = {
  platform: 'linux',
  isPackaged: true,
  execPath: '/opt/Proxy Tray/proxy-tray',
  configHome: '/home/ada/.config',
};

describe('loginItemPlan', () => {
  it('registers a macOS login item with the setting', () => {
    for (const openAtLogin of [true, false]) {
      expect(loginItemPlan({ openAtLogin }, { ...installed, platform: 'darwin' })).toEqual({
        kind: 'electron',
        settings: { openAtLogin },
      });
    }
  });

  it('registers a Windows run entry that marks the launch as a login start', () => {
    expect(loginItemPlan({ openAtLogin: true }, { ...installed, platform: 'win32' })).toEqual({
      kind: 'electron',
      settings: { openAtLogin: true, args: [LAUNCHED_AT_LOGIN_ARG] },
    });
  });

  it('writes an XDG autostart entry on Linux, and removes it when turned off', () => {
    const file = join('/home/ada/.config', 'autostart', 'proxy-tray.desktop');
    expect(loginItemPlan({ openAtLogin: true }, installed)).toEqual({
      kind: 'xdg-autostart',
      file,
      command: ['/opt/Proxy Tray/proxy-tray', LAUNCHED_AT_LOGIN_ARG],
    });
    expect(loginItemPlan({ openAtLogin: false }, installed)).toEqual({
      kind: 'xdg-autostart',
      file,
      command: null,
    });
  });

  it('starts an AppImage from its file, not from its temporary mount', () => {
    const plan = loginItemPlan(
      { openAtLogin: true },
      {
        ...installed,
        execPath: '/tmp/.mount_ProxyTabc/proxy-tray',
        appImagePath: '/home/ada/Apps/Proxy-Tray.AppImage',
      },
    );
    expect(plan).toMatchObject({
      command: ['/home/ada/Apps/Proxy-Tray.AppImage', LAUNCHED_AT_LOGIN_ARG],
    });
  });

  it('refuses in a development build, on every platform', () => {
    for (const platform of ['darwin', 'win32', 'linux'] as const) {
      const plan = loginItemPlan(
        { openAtLogin: true },
        { ...installed, platform, isPackaged: false },
      );
      expect(plan).toEqual({
        kind: 'unavailable',
        message: 'Starting at login works in the installed app only, not in a development build.',
      });
    }
  });

  it('says when the platform has no login items', () => {
    expect(loginItemPlan({ openAtLogin: true }, { ...installed, platform: 'aix' })).toEqual({
      kind: 'unavailable',
      message: 'Starting at login is not available on aix.',
    });
  });
});

describe('wasLaunchedAtLogin', () => {
  it('reads the login argument on Windows and Linux', () => {
    for (const platform of ['win32', 'linux'] as const) {
      expect(wasLaunchedAtLogin({ platform, argv: ['/app', LAUNCHED_AT_LOGIN_ARG] })).toBe(true);
      expect(wasLaunchedAtLogin({ platform, argv: ['/app'] })).toBe(false);
    }
  });

  it('asks macOS, ignoring the arguments', () => {
    expect(wasLaunchedAtLogin({ platform: 'darwin', argv: ['/app'], macOpenedAtLogin: true })).toBe(
      true,
    );
    expect(
      wasLaunchedAtLogin({
        platform: 'darwin',
        argv: ['/app', LAUNCHED_AT_LOGIN_ARG],
        macOpenedAtLogin: false,
      }),
    ).toBe(false);
  });
});
