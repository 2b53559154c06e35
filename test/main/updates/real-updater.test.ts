import { NsisUpdater } from 'electron-updater';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../../src/shared/views/update-status';
import { configureUpdater } from '../../../src/main/updates/configure-updater';
import { UpdateService } from '../../../src/main/updates/update-service';
import { useTempDir } from '../store/temp-store-dir';
import { NodeHttpExecutor } from './node-http-executor';
import { startUpdateServer } from './update-server';
import { installedAppAdapter } from './test-app-adapter';

/**
 * The update service over the real electron-updater, in plain Node: an NsisUpdater given an
 * AppAdapter (so it needs no Electron) and Node's HTTP in place of Electron's net, reading
 * its feed from an app-update.yml as electron-builder writes it, against a feed on 127.0.0.1.
 * Only quitting into the installer is left out: that runs the downloaded file.
 */

const dir = useTempDir();
let server: Awaited<ReturnType<typeof startUpdateServer>>;
beforeEach(async () => {
  server = await startUpdateServer();
});
afterEach(async () => {
  await server.close();
});

const INSTALLER = Buffer.from('an installer of Proxy Tray 1.2.3\n'.repeat(2000));

async function realUpdater(feedUrl = server.url) {
  const { app, quitHandlers } = await installedAppAdapter(dir(), feedUrl);
  const updater = new NsisUpdater(null, app);
  // Given an AppAdapter, the updater has no HTTP client: Electron's net is replaced by Node's.
  Object.assign(updater, { httpExecutor: new NodeHttpExecutor() });
  return { updater: configureUpdater(updater), quitHandlers };
}

function serviceOver(updater: Awaited<ReturnType<typeof realUpdater>>['updater']) {
  const unexpected: unknown[] = [];
  const seen: UpdateStatus[] = [];
  const service = new UpdateService({
    updater,
    automatic: () => true,
    onError: (error) => unexpected.push(error),
    now: () => new Date('2026-02-01T09:00:00.000Z'),
  });
  service.onChange((status) => seen.push(status));
  /** Resolves with the first status (from now on) that passes `test`. */
  const reaches = (test: (status: UpdateStatus) => boolean) =>
    new Promise<UpdateStatus>((resolve) => {
      const stop = service.onChange((status) => {
        if (!test(status)) return;
        stop();
        resolve(status);
      });
    });
  return { service, unexpected, seen, reaches };
}

describe('the update service over the real electron-updater', () => {
  it('finds nothing to do when the feed names the running version', async () => {
    server.publish({
      version: '1.0.0',
      installerName: 'Proxy-Tray-Setup-1.0.0.exe',
      installer: INSTALLER,
    });
    const { service, unexpected } = serviceOver((await realUpdater()).updater);

    expect(await service.checkNow()).toEqual({
      state: 'idle',
      checkedAt: '2026-02-01T09:00:00.000Z',
    });
    expect(server.requests.filter((path) => path.endsWith('.exe'))).toEqual([]);
    expect(unexpected).toEqual([]);
  });

  it('downloads a newer version at once and offers it as ready; a quit would install it too', async () => {
    server.publish({
      version: '1.2.3',
      installerName: 'Proxy-Tray-Setup-1.2.3.exe',
      installer: INSTALLER,
    });
    const { updater, quitHandlers } = await realUpdater();
    const { service, seen, reaches } = serviceOver(updater);
    const ready = reaches((status) => status.state === 'ready' || status.state === 'failed');

    await service.checkNow();
    expect(await ready).toEqual({ state: 'ready', version: '1.2.3' });
    expect(seen.map((status) => status.state)).toEqual(['checking', 'downloading', 'ready']);
    expect(seen[1]).toEqual({ state: 'downloading', version: '1.2.3' });

    // The real file, checked against the feed's sha512, waits in the updater's cache.
    const pending = join(dir(), 'cache', 'proxy-tray-updater', 'pending');
    expect(await readdir(pending)).toContain('Proxy-Tray-Setup-1.2.3.exe');
    expect(await readFile(join(pending, 'Proxy-Tray-Setup-1.2.3.exe'))).toEqual(INSTALLER);
    expect(server.requests.filter((path) => path.endsWith('.exe'))).toEqual([
      '/Proxy-Tray-Setup-1.2.3.exe',
    ]);
    // autoInstallOnAppQuit: the updater hooked the app's quit to install what it downloaded.
    expect(quitHandlers).toHaveLength(1);
    // Ready is where checking stops: a second check asks nothing more of the server.
    const asked = server.requests.length;
    expect(await service.checkNow()).toEqual({ state: 'ready', version: '1.2.3' });
    expect(server.requests).toHaveLength(asked);
  });

  it('a server error is a plain sentence, without the URL, headers or stack', async () => {
    server.answerFeed(500, 'Internal Server Error: stack trace at /srv/app.js:12');
    const { service, unexpected } = serviceOver((await realUpdater()).updater);

    const status = await service.checkNow();
    expect(status).toEqual({
      state: 'failed',
      message: 'The update server answered with an error (HTTP 500).',
      failedAt: '2026-02-01T09:00:00.000Z',
    });
    expect(unexpected).toEqual([]);
  });

  it('a broken channel file is a plain sentence', async () => {
    server.answerFeed(200, 'version: [1.2.3\nfiles: {{{');
    const { service } = serviceOver((await realUpdater()).updater);

    expect(await service.checkNow()).toMatchObject({
      state: 'failed',
      message: 'The update server’s release information could not be read.',
    });
  });

  it('a feed without a release says so, and never repeats credentials from the feed URL', async () => {
    const withCredentials =
      server.url.replace('http://', 'http://updates:s3cret-pass@') + 'nowhere/';
    const { service, unexpected } = serviceOver((await realUpdater(withCredentials)).updater);

    const status = await service.checkNow();
    expect(status).toMatchObject({
      state: 'failed',
      message: 'The update server has no release of Proxy Tray.',
    });
    expect(JSON.stringify(status)).not.toMatch(/s3cret|127\.0\.0\.1|nowhere/);
    expect(unexpected).toEqual([]);
  });

  it('an installer that does not match its checksum is discarded, and the next check tries again', async () => {
    server.publish({
      version: '1.2.3',
      installerName: 'Proxy-Tray-Setup-1.2.3.exe',
      installer: INSTALLER,
      statedSha512: Buffer.alloc(64, 7).toString('base64'),
    });
    const { service, reaches } = serviceOver((await realUpdater()).updater);
    const outcome = reaches((status) => status.state === 'ready' || status.state === 'failed');

    await service.checkNow();
    expect(await outcome).toMatchObject({
      state: 'failed',
      message:
        'The update could not be downloaded. The downloaded file did not match its checksum, so it was discarded.',
    });

    server.publish({
      version: '1.2.3',
      installerName: 'Proxy-Tray-Setup-1.2.3.exe',
      installer: INSTALLER,
    });
    const ready = reaches((status) => status.state === 'ready' || status.state === 'failed');
    await service.checkNow();
    expect(await ready).toEqual({ state: 'ready', version: '1.2.3' });
  });
});
