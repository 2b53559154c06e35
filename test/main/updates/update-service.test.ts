import { describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../../src/shared/views/update-status';
import {
  CHECK_EVERY_MS,
  FIRST_CHECK_AFTER_MS,
  NOT_INSTALLED_MESSAGE,
  UpdateService,
} from '../../../src/main/updates/update-service';
import { ManualTimers, ScriptedUpdater, settle } from './scripted-updater';

const NOW = '2026-03-01T08:00:00.000Z';

function setUp(options: { automatic?: boolean; updater?: boolean } = {}) {
  const updater = new ScriptedUpdater();
  const timers = new ManualTimers();
  const setting = { automatic: options.automatic ?? true };
  const unexpected: unknown[] = [];
  const seen: UpdateStatus[] = [];
  const service = new UpdateService({
    ...(options.updater === false ? {} : { updater }),
    automatic: () => setting.automatic,
    onError: (error) => unexpected.push(error),
    timers,
    now: () => new Date(NOW),
  });
  service.onChange((status) => seen.push(status));
  return { updater, timers, setting, unexpected, seen, service };
}

/** An error as electron-updater builds them: a message full of details, and a code. */
function updaterError(
  code: string,
  message = 'https://user:pw@example.com/x failed\n at stack',
): Error {
  return Object.assign(new Error(message), { code });
}

describe('UpdateService: where updates are unavailable', () => {
  // The app gives an updater to installed builds only: a development run, the harness, the demo.
  it('a build without an updater says so, checks nothing and restarts into nothing', async () => {
    const { updater, timers, service } = setUp({ updater: false });
    expect(service.status()).toEqual({ state: 'unavailable', message: NOT_INSTALLED_MESSAGE });

    service.start();
    expect(timers.delays()).toEqual([]);
    expect(await service.checkNow()).toEqual({
      state: 'unavailable',
      message: NOT_INSTALLED_MESSAGE,
    });
    service.automaticChanged();
    expect(service.restart()).toBe(false);
    expect(updater.checks).toBe(0);
    expect(updater.installs).toBe(0);
  });
});

describe('UpdateService: the schedule', () => {
  it('checks soon after start, then every few hours', async () => {
    const { updater, timers, service } = setUp();
    expect(service.status()).toEqual({ state: 'idle' });

    service.start();
    expect(timers.delays()).toEqual([FIRST_CHECK_AFTER_MS]);
    expect(updater.checks).toBe(0);
    await timers.fire();
    expect(updater.checks).toBe(1);
    expect(service.status()).toEqual({ state: 'idle', checkedAt: NOW });
    expect(timers.delays()).toEqual([CHECK_EVERY_MS]);
    await timers.fire();
    expect(updater.checks).toBe(2);
    expect(timers.delays()).toEqual([CHECK_EVERY_MS]);
  });

  it('with the setting off, nothing is scheduled; "Check now" still checks, once', async () => {
    const { updater, timers, service } = setUp({ automatic: false });
    service.start();
    expect(timers.delays()).toEqual([]);

    expect(await service.checkNow()).toEqual({ state: 'idle', checkedAt: NOW });
    expect(updater.checks).toBe(1);
    expect(timers.delays()).toEqual([]);
  });

  it('turning the setting off stops the schedule; turning it on checks at once', async () => {
    const { updater, timers, setting, service } = setUp();
    service.start();
    setting.automatic = false;
    service.automaticChanged();
    expect(timers.delays()).toEqual([]);
    expect(updater.checks).toBe(0);

    setting.automatic = true;
    service.automaticChanged();
    await settle();
    expect(updater.checks).toBe(1);
    expect(timers.delays()).toEqual([CHECK_EVERY_MS]);
  });

  it('a check asked for during another joins it', async () => {
    const { updater, service } = setUp();
    updater.hold();
    const first = service.checkNow();
    const second = service.checkNow();
    expect(service.status()).toEqual({ state: 'checking' });
    updater.release();
    expect(await first).toEqual({ state: 'idle', checkedAt: NOW });
    expect(await second).toEqual({ state: 'idle', checkedAt: NOW });
    expect(updater.checks).toBe(1);
  });

  it('arms nothing more once stopped, even when a check ends afterwards', async () => {
    const { updater, timers, service } = setUp();
    service.start();
    updater.hold();
    const check = service.checkNow();
    service.stop();
    updater.release();
    await check;
    expect(timers.delays()).toEqual([]);
  });
});

describe('UpdateService: an update', () => {
  it('is downloaded at once, then offered; the restart installs it, once asked', async () => {
    const { updater, timers, seen, service } = setUp();
    updater.answer = { kind: 'update', version: '1.2.3' };
    expect(service.restart()).toBe(false);

    service.start();
    await timers.fire();
    expect(seen).toEqual([
      { state: 'checking' },
      { state: 'downloading', version: '1.2.3' },
      { state: 'ready', version: '1.2.3' },
    ]);
    // Nothing more to look for until the restart.
    expect(timers.delays()).toEqual([]);
    expect(await service.checkNow()).toEqual({ state: 'ready', version: '1.2.3' });
    expect(updater.checks).toBe(1);
    expect(updater.installs).toBe(0);

    expect(service.restart()).toBe(true);
    expect(updater.installs).toBe(1);
  });

  it('whose download fails is a quiet status, and the next check tries again', async () => {
    const { updater, timers, unexpected, service } = setUp();
    updater.answer = {
      kind: 'update',
      version: '1.2.3',
      downloadError: updaterError('ERR_CHECKSUM_MISMATCH'),
    };
    service.start();
    await timers.fire();
    expect(service.status()).toEqual({
      state: 'failed',
      message:
        'The update could not be downloaded. The downloaded file did not match its checksum, so it was discarded.',
      failedAt: NOW,
      // The check itself got its answer.
      checkedAt: NOW,
    });
    expect(unexpected).toEqual([]);
    expect(timers.delays()).toEqual([CHECK_EVERY_MS]);

    updater.answer = { kind: 'update', version: '1.2.3' };
    await timers.fire();
    expect(service.status()).toEqual({ state: 'ready', version: '1.2.3' });
  });

  it('that fails to install says so, and a later check finds it again', async () => {
    const { updater, service } = setUp();
    updater.answer = { kind: 'update', version: '1.2.3' };
    await service.checkNow();
    await settle();
    service.restart();
    updater.emit('error', updaterError('ENOSPC'));
    expect(service.status()).toMatchObject({
      state: 'failed',
      message:
        'The update could not be installed. There is not enough free disk space for the update.',
    });
    await service.checkNow();
    await settle();
    expect(service.status()).toEqual({ state: 'ready', version: '1.2.3' });
  });
});

describe('UpdateService: a failed check', () => {
  it('is a plain sentence that keeps when the last good check was, and is retried on schedule', async () => {
    const { updater, timers, unexpected, service } = setUp();
    service.start();
    await timers.fire();
    updater.answer = { kind: 'error', error: updaterError('ENOTFOUND') };
    await timers.fire();

    expect(service.status()).toEqual({
      state: 'failed',
      message: 'The update server could not be reached. Check your internet connection.',
      failedAt: NOW,
      checkedAt: NOW,
    });
    expect(unexpected).toEqual([]);
    expect(timers.delays()).toEqual([CHECK_EVERY_MS]);
    updater.answer = { kind: 'none' };
    await timers.fire();
    expect(service.status()).toEqual({ state: 'idle', checkedAt: NOW });
  });

  it('for no known reason shows a generic sentence and hands the error to the log', async () => {
    const { updater, unexpected, service } = setUp();
    const strange = new Error('EISDIR at /home/someone/.cache with token=abc');
    updater.answer = { kind: 'error', error: strange };
    const status = await service.checkNow();
    expect(status).toMatchObject({
      state: 'failed',
      message: 'Something unexpected went wrong; the next check tries again.',
    });
    expect(unexpected).toEqual([strange]);
  });
});
