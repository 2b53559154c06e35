import { execFile } from 'node:child_process';
import fs from 'node:fs';
import * as fsPromises from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { UserFacingError } from '../../../src/main/errors/user-facing-error';
import {
  createCommandLinkInstaller,
  type CommandLinkInstallerOptions,
} from '../../../src/main/terminal-command/command-link-installer';
import type { LinkFileSystem } from '../../../src/main/terminal-command/link-file-system';
import { AdministratorCancelledError } from '../../../src/main/terminal-command/osascript-administrator';
import { refusedInFolder } from '../../../tools/preview/harness-terminal-command';

let base = '';
let linkPath = '';
let targetPath = '';
beforeEach(() => {
  // Spaces and a quote, as in "/Applications/Proxy Tray.app" and a user's own folders.
  base = fs.mkdtempSync(path.join(os.tmpdir(), "pt-link it's "));
  linkPath = path.join(base, 'usr', 'local', 'bin', 'proxy-tray');
  targetPath = path.join(base, 'Proxy Tray.app', 'Contents', 'Resources', 'bin', 'proxy-tray');
  fs.mkdirSync(path.dirname(targetPath), { recursive: true });
  fs.writeFileSync(targetPath, '#!/bin/sh\n');
});
afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

/** The password prompt's stand-in: records each command, then runs it for real with sh. */
function recordingAdministrator(answer: 'run' | 'cancel' | Error = 'run') {
  const commands: string[] = [];
  const run = (command: string) =>
    new Promise<void>((resolve, reject) => {
      commands.push(command);
      if (answer === 'cancel') return reject(new AdministratorCancelledError());
      if (answer instanceof Error) return reject(answer);
      execFile('sh', ['-c', command], (error) => (error ? reject(error) : resolve()));
    });
  return { commands, run };
}

/** A link folder owned by root, as /usr/local/bin often is: this user may not change it. */
const deniedInLinkFolder = () => refusedInFolder(path.join(base, 'usr'), () => true);

function installer(options: Partial<CommandLinkInstallerOptions> = {}) {
  const administrator = recordingAdministrator();
  return {
    administrator,
    links: createCommandLinkInstaller({
      linkPath,
      targetPath,
      runAsAdministrator: administrator.run,
      ...options,
    }),
  };
}

describe('createCommandLinkInstaller, as this user', () => {
  it('links the command in a folder it makes, then removes only the link', async () => {
    const { links, administrator } = installer();
    expect(await links.status()).toEqual({ state: 'absent', linkPath });

    expect(await links.install()).toEqual({
      view: { state: 'installed', linkPath },
      cancelled: false,
    });
    expect(fs.readlinkSync(linkPath)).toBe(targetPath);
    // The temporary link was renamed, not left beside it.
    expect(fs.readdirSync(path.dirname(linkPath))).toEqual(['proxy-tray']);

    expect(await links.remove()).toEqual({ view: { state: 'absent', linkPath }, cancelled: false });
    expect(fs.existsSync(linkPath)).toBe(false);
    expect(fs.readFileSync(targetPath, 'utf8')).toBe('#!/bin/sh\n');
    expect(administrator.commands).toEqual([]);
  });

  it("replaces a link to another copy of the app, or to nothing, and leaves that copy's files", async () => {
    const older = path.join(base, 'Downloads', 'Proxy Tray.app', 'bin', 'proxy-tray');
    fs.mkdirSync(path.dirname(older), { recursive: true });
    fs.writeFileSync(older, 'older');
    fs.mkdirSync(path.dirname(linkPath), { recursive: true });
    fs.symlinkSync(older, linkPath);
    const { links } = installer();
    expect(await links.status()).toEqual({ state: 'other-link', linkPath, target: older });
    // Not ours to remove: only Install (Replace) changes it.
    expect((await links.remove()).view.state).toBe('other-link');
    expect(fs.readlinkSync(linkPath)).toBe(older);

    expect((await links.install()).view).toEqual({ state: 'installed', linkPath });
    expect(fs.readlinkSync(linkPath)).toBe(targetPath);
    expect(fs.readFileSync(older, 'utf8')).toBe('older');

    fs.rmSync(linkPath);
    fs.symlinkSync('../gone/proxy-tray', linkPath);
    expect(await links.status()).toEqual({
      state: 'other-link',
      linkPath,
      target: path.join(base, 'usr', 'local', 'gone', 'proxy-tray'),
    });
    expect((await links.install()).view.state).toBe('installed');
  });

  it('knows its own command through a link to the app folder', async () => {
    const appAlias = path.join(base, 'Applications alias');
    fs.symlinkSync(path.join(base, 'Proxy Tray.app'), appAlias);
    fs.mkdirSync(path.dirname(linkPath), { recursive: true });
    fs.symlinkSync(path.join(appAlias, 'Contents', 'Resources', 'bin', 'proxy-tray'), linkPath);
    expect(await installer().links.status()).toEqual({ state: 'installed', linkPath });
  });

  it('never touches a file or a folder that is no link', async () => {
    fs.mkdirSync(path.dirname(linkPath), { recursive: true });
    fs.writeFileSync(linkPath, 'installed by hand');
    const { links, administrator } = installer();
    expect(await links.status()).toEqual({ state: 'not-a-link', linkPath });
    await expect(links.install()).rejects.toMatchObject({
      kind: 'invalid_request',
      message: expect.stringContaining(
        `${linkPath} is a file Proxy Tray did not put there, so it was left alone.`,
      ) as unknown,
    });
    expect((await links.remove()).view.state).toBe('not-a-link');
    expect(fs.readFileSync(linkPath, 'utf8')).toBe('installed by hand');

    fs.rmSync(linkPath);
    fs.mkdirSync(linkPath);
    expect(await links.status()).toEqual({ state: 'not-a-link', linkPath });
    await expect(links.install()).rejects.toBeInstanceOf(UserFacingError);
    expect(fs.lstatSync(linkPath).isDirectory()).toBe(true);
    expect(administrator.commands).toEqual([]);
  });

  it('says why it failed when the failure is not a permission, without asking an administrator', async () => {
    // A file where the folder should be: no password would help.
    fs.mkdirSync(path.join(base, 'usr'));
    fs.writeFileSync(path.join(base, 'usr', 'local'), '');
    const { links, administrator } = installer();
    const failure = await links.install().catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(UserFacingError);
    expect((failure as UserFacingError).kind).toBe('storage');
    expect((failure as UserFacingError).message).toMatch(
      /^The proxy-tray command could not be installed: .*(ENOTDIR|EEXIST)/,
    );
    expect(administrator.commands).toEqual([]);
  });

  it('leaves nothing to remove as it is, and says nothing was cancelled', async () => {
    expect(await installer().links.remove()).toEqual({
      view: { state: 'absent', linkPath },
      cancelled: false,
    });
  });

  it('takes its temporary link away when renaming it over the old one fails', async () => {
    const busy = Object.assign(new Error('resource busy or locked'), { code: 'EBUSY' });
    const { links, administrator } = installer({
      fs: { ...fsPromises, rename: (() => Promise.reject(busy)) as LinkFileSystem['rename'] },
    });
    await expect(links.install()).rejects.toMatchObject({
      kind: 'storage',
      message: 'The proxy-tray command could not be installed: resource busy or locked',
    });
    expect(fs.readdirSync(path.dirname(linkPath))).toEqual([]);
    expect(administrator.commands).toEqual([]);
  });
});

describe('createCommandLinkInstaller, where only an administrator may write', () => {
  it('asks no password to install a command that is already installed', async () => {
    fs.mkdirSync(path.dirname(linkPath), { recursive: true });
    fs.symlinkSync(targetPath, linkPath);
    const { links, administrator } = installer({ fs: deniedInLinkFolder() });
    expect(await links.install()).toEqual({
      view: { state: 'installed', linkPath },
      cancelled: false,
    });
    expect(administrator.commands).toEqual([]);
  });

  it('installs and removes through the administrator, quoting paths with spaces and quotes', async () => {
    const administrator = recordingAdministrator();
    const links = createCommandLinkInstaller({
      linkPath,
      targetPath,
      runAsAdministrator: administrator.run,
      fs: deniedInLinkFolder(),
    });

    expect(await links.install()).toEqual({
      view: { state: 'installed', linkPath },
      cancelled: false,
    });
    expect(fs.readlinkSync(linkPath)).toBe(targetPath);
    expect(administrator.commands).toHaveLength(1);

    expect(await links.remove()).toEqual({ view: { state: 'absent', linkPath }, cancelled: false });
    expect(fs.existsSync(linkPath)).toBe(false);
    expect(fs.existsSync(targetPath)).toBe(true);
    expect(administrator.commands).toHaveLength(2);
  });

  it('changes nothing and reports no failure when the password prompt is cancelled', async () => {
    const links = createCommandLinkInstaller({
      linkPath,
      targetPath,
      runAsAdministrator: recordingAdministrator('cancel').run,
      fs: deniedInLinkFolder(),
    });
    expect(await links.install()).toEqual({
      view: { state: 'absent', linkPath },
      cancelled: true,
    });
    expect(fs.existsSync(path.dirname(linkPath))).toBe(false);
  });

  it("says the administrator command's failure", async () => {
    const links = createCommandLinkInstaller({
      linkPath,
      targetPath,
      runAsAdministrator: recordingAdministrator(new Error('Read-only file system')).run,
      fs: deniedInLinkFolder(),
    });
    await expect(links.install()).rejects.toThrow(
      'The proxy-tray command could not be installed: Read-only file system',
    );

    fs.mkdirSync(path.dirname(linkPath), { recursive: true });
    fs.symlinkSync(targetPath, linkPath);
    await expect(links.remove()).rejects.toMatchObject({
      kind: 'storage',
      message: 'The proxy-tray command could not be removed: Read-only file system',
    });
    expect(fs.readlinkSync(linkPath)).toBe(targetPath);
  });
});
