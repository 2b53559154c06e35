import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  commandSocketPath,
  type CommandSocketPlace,
} from '../../../src/main/command-line/socket-path';

const linux: CommandSocketPlace = {
  dataDir: '/home/ada/.config/Proxy Tray',
  platform: 'linux',
  env: { XDG_RUNTIME_DIR: '/run/user/1000' },
  uid: 1000,
  tmpdir: '/tmp',
  username: 'ada',
  pipeKey: undefined,
};

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('hex').slice(0, 16);
}

describe('commandSocketPath', () => {
  it('Linux: in the runtime folder, named by a hash of the resolved data folder', () => {
    expect(commandSocketPath(linux)).toBe(
      `/run/user/1000/proxy-tray/${hashOf('/home/ada/.config/Proxy Tray')}.sock`,
    );
  });

  it('one data folder, however written, is one socket; another folder is another', () => {
    const same = commandSocketPath({ ...linux, dataDir: '/home/ada/.config/x/../Proxy Tray/' });
    expect(same).toBe(commandSocketPath(linux));
    expect(commandSocketPath({ ...linux, dataDir: '/home/ada/other' })).not.toBe(same);
  });

  it('Linux without a runtime folder (or a relative one): a folder of its own per user in /tmp', () => {
    const hash = hashOf('/home/ada/.config/Proxy Tray');
    expect(commandSocketPath({ ...linux, env: {} })).toBe(`/tmp/proxy-tray-1000/${hash}.sock`);
    expect(commandSocketPath({ ...linux, env: { XDG_RUNTIME_DIR: 'run/user' } })).toBe(
      `/tmp/proxy-tray-1000/${hash}.sock`,
    );
  });

  it('macOS: in the per-user TMPDIR, even with XDG_RUNTIME_DIR set', () => {
    expect(
      commandSocketPath({
        ...linux,
        platform: 'darwin',
        tmpdir: '/var/folders/zz/abc/T',
        dataDir: '/Users/ada/Library/Application Support/Proxy Tray',
      }),
    ).toBe(
      `/var/folders/zz/abc/T/proxy-tray/${hashOf('/Users/ada/Library/Application Support/Proxy Tray')}.sock`,
    );
  });

  it("Windows: a named pipe that only the user's key can name, apart for each user and folder", () => {
    const pipeKey = Buffer.alloc(32, 7);
    const windows: CommandSocketPlace = {
      ...linux,
      platform: 'win32',
      dataDir: 'C:\\Users\\ada\\AppData\\Roaming\\Proxy Tray',
      env: {},
      pipeKey,
    };
    const pipe = commandSocketPath(windows);
    const expected = createHmac('sha256', pipeKey)
      .update('pipe\nada\nC:\\Users\\ada\\AppData\\Roaming\\Proxy Tray')
      .digest('hex')
      .slice(0, 32);
    expect(pipe).toBe(`\\\\.\\pipe\\proxy-tray-${expected}`);
    expect(commandSocketPath({ ...windows, username: 'bob' })).not.toBe(pipe);
    expect(commandSocketPath({ ...windows, dataDir: 'C:\\Other' })).not.toBe(pipe);
    // Another user, without the key, cannot name it in advance.
    expect(commandSocketPath({ ...windows, pipeKey: Buffer.alloc(32, 8) })).not.toBe(pipe);
    expect(() => commandSocketPath({ ...windows, pipeKey: undefined })).toThrow('command-line key');
  });

  it('PROXY_TRAY_RUNTIME_DIR, when absolute, replaces the base folder on Unix', () => {
    const env = { XDG_RUNTIME_DIR: '/run/user/1000', PROXY_TRAY_RUNTIME_DIR: '/tmp/t1' };
    const hash = hashOf('/home/ada/.config/Proxy Tray');
    expect(commandSocketPath({ ...linux, env })).toBe(`/tmp/t1/${hash}.sock`);
    expect(commandSocketPath({ ...linux, platform: 'darwin', env })).toBe(`/tmp/t1/${hash}.sock`);
    expect(
      commandSocketPath({ ...linux, env: { ...env, PROXY_TRAY_RUNTIME_DIR: 'relative' } }),
    ).toBe(`/run/user/1000/proxy-tray/${hash}.sock`);
  });

  it('a path over 100 bytes is refused with the way out, rather than cut by the kernel', () => {
    const base = `/${'r'.repeat(100 - '/'.length - '/0123456789abcdef.sock'.length)}`;
    expect(commandSocketPath({ ...linux, env: { PROXY_TRAY_RUNTIME_DIR: base } })).toHaveLength(
      100,
    );
    expect(() =>
      commandSocketPath({ ...linux, env: { PROXY_TRAY_RUNTIME_DIR: `${base}r` } }),
    ).toThrow(/101 bytes long, over the 100 a socket allows.*PROXY_TRAY_RUNTIME_DIR/);
  });
});
