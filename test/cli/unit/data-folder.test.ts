import { describe, expect, it } from 'vitest';
import { appDataFolder, isAppsOwnFolder } from '../../../src/cli/connection/data-folder';
import { exitCodeOf } from '../../../src/cli/cli-failure';
import { EXIT } from '../../../src/cli/exit-codes';

describe("the app's data folder, found as Electron finds userData", () => {
  it('is under XDG_CONFIG_HOME (absolute only), else ~/.config, on Linux', () => {
    expect(appDataFolder({ platform: 'linux', env: {}, home: '/home/a' })).toBe(
      '/home/a/.config/Proxy Tray',
    );
    expect(
      appDataFolder({ platform: 'linux', env: { XDG_CONFIG_HOME: '/x' }, home: '/home/a' }),
    ).toBe('/x/Proxy Tray');
    expect(
      appDataFolder({ platform: 'linux', env: { XDG_CONFIG_HOME: 'rel' }, home: '/home/a' }),
    ).toBe('/home/a/.config/Proxy Tray');
  });

  it('is in Application Support on macOS and in APPDATA on Windows', () => {
    expect(appDataFolder({ platform: 'darwin', env: {}, home: '/Users/a' })).toBe(
      '/Users/a/Library/Application Support/Proxy Tray',
    );
    expect(
      appDataFolder({
        platform: 'win32',
        env: { APPDATA: 'C:\\Users\\a\\AppData\\Roaming' },
        home: 'C:\\Users\\a',
      }),
    ).toBe('C:\\Users\\a\\AppData\\Roaming\\Proxy Tray');
    expect(appDataFolder({ platform: 'win32', env: {}, home: 'C:\\Users\\a' })).toBe(
      'C:\\Users\\a\\AppData\\Roaming\\Proxy Tray',
    );
  });

  it('is PROXY_TRAY_DATA_DIR where set, which is then not the app’s own folder', () => {
    const env = { PROXY_TRAY_DATA_DIR: '/tmp/other' };
    expect(appDataFolder({ platform: 'linux', env, home: '/home/a' })).toBe('/tmp/other');
    expect(isAppsOwnFolder(env)).toBe(false);
    expect(isAppsOwnFolder({})).toBe(true);
  });
});

describe('exit codes of the app’s answers', () => {
  it('are 4 for a sign-in problem, 2 for a value out of bounds, 1 for the rest', () => {
    expect(exitCodeOf({ kind: 'auth' })).toBe(EXIT.signIn);
    expect(exitCodeOf({ kind: 'signed_out' })).toBe(EXIT.signIn);
    expect(exitCodeOf({ kind: 'invalid_request' })).toBe(EXIT.usage);
    for (const kind of [
      'network',
      'timeout',
      'server',
      'forbidden',
      'keychain',
      'not_found',
    ] as const) {
      expect(exitCodeOf({ kind })).toBe(EXIT.failed);
    }
  });
});
