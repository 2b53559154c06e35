import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchIpc } from '../../../src/main/ipc/ipc-dispatcher';
import { createMainServices, type MainServices } from '../../../src/main/main-services';
import { MemoryVault } from '../../../src/main/session/memory-vault';
import { FIRST_CHECK_AFTER_MS } from '../../../src/main/updates/update-service';
import type { IpcChannel, IpcEvent } from '../../../src/shared/ipc/channel-names';
import type { IpcInput, IpcOutput } from '../../../src/shared/ipc/contract';
import type { IpcResult } from '../../../src/shared/ipc/ipc-error';
import { MemoryClipboard } from '../../../tools/stand-ins/memory-clipboard';
import { RecordingLog } from '../logging/recording-log';
import { confIn, useTempDir } from '../store/temp-store-dir';
import { ManualTimers, ScriptedUpdater, settle } from './scripted-updater';

/**
 * The update channels as the popup uses them: the main process the app builds (real settings
 * file), with the scripted updater in place of electron-updater and timers the test fires.
 */
const dir = useTempDir();
const running: MainServices[] = [];
afterEach(async () => {
  for (const services of running.splice(0)) await services.shutdown();
});

async function start(options: { installed?: boolean } = {}) {
  const updater = new ScriptedUpdater();
  const timers = new ManualTimers();
  const events: { event: IpcEvent; payload: unknown }[] = [];
  const services = createMainServices({
    createStore: confIn(dir()),
    vault: new MemoryVault(),
    clipboard: new MemoryClipboard(),
    saveFile: async () => ({ saved: false }),
    emit: (event, payload) => events.push({ event, payload }),
    browserProfilesDir: join(dir(), 'browser-profiles'),
    hidePopup: () => {},
    quit: () => {},
    log: new RecordingLog(),
    openLogsFolder: async () => ({ ok: true }),
    timers,
    ...(options.installed ? { updater } : {}),
  });
  running.push(services);
  await services.start();
  const call = <Channel extends IpcChannel>(channel: Channel, input?: IpcInput<Channel>) =>
    dispatchIpc(services.useCases, channel, input) as Promise<IpcResult<IpcOutput<Channel>>>;
  const updateEvents = () =>
    events.filter(({ event }) => event === 'updates:changed').map(({ payload }) => payload);
  return { services, updater, timers, call, updateEvents };
}

describe('updates over IPC', () => {
  it('in a build that is not installed: unavailable, and a restart is refused in a sentence', async () => {
    const { call, timers } = await start();
    const unavailable = {
      state: 'unavailable',
      message: 'Updates are checked only in installed builds.',
    };
    expect(await call('updates:status')).toEqual({ ok: true, value: unavailable });
    expect(await call('updates:check')).toEqual({ ok: true, value: unavailable });
    expect(await call('updates:restart')).toEqual({
      ok: false,
      error: { kind: 'invalid_request', message: 'No update is ready to install yet.' },
    });
    expect(timers.delays()).toEqual([]);
  });

  it('checks on schedule, announces each step, and restarts into the downloaded update', async () => {
    const { call, timers, updater, updateEvents } = await start({ installed: true });
    expect(timers.delays()).toEqual([FIRST_CHECK_AFTER_MS]);
    updater.answer = { kind: 'update', version: '1.2.3' };
    await timers.fire();

    expect(updateEvents().map((status) => (status as { state: string }).state)).toEqual([
      'checking',
      'downloading',
      'ready',
    ]);
    expect(await call('updates:status')).toEqual({
      ok: true,
      value: { state: 'ready', version: '1.2.3' },
    });
    expect(await call('updates:restart')).toEqual({ ok: true, value: null });
    expect(updater.installs).toBe(1);
  });

  it('"Check now" answers once the server has', async () => {
    const { call, updater } = await start({ installed: true });
    const checked = await call('updates:check');
    expect(checked).toMatchObject({ ok: true, value: { state: 'idle' } });
    expect(checked.ok && checked.value.state === 'idle' && checked.value.checkedAt).toMatch(
      /^\d{4}-\d\d-\d\dT/,
    );
    expect(updater.checks).toBe(1);
  });

  it('the setting turns the schedule off and on, and is kept in the settings file', async () => {
    const first = await start({ installed: true });
    expect(await first.call('settings:update', { checkForUpdates: false })).toMatchObject({
      ok: true,
      value: { checkForUpdates: false },
    });
    expect(first.timers.delays()).toEqual([]);
    await first.services.shutdown();

    const again = await start({ installed: true });
    expect(again.services.settings.get().checkForUpdates).toBe(false);
    expect(again.timers.delays()).toEqual([]);
    expect(await again.call('settings:update', { checkForUpdates: true })).toMatchObject({
      ok: true,
    });
    await settle();
    expect(again.updater.checks).toBe(1);
  });

  it('a setting of the wrong type is refused in a sentence', async () => {
    const { call } = await start({ installed: true });
    expect(await call('settings:update', { checkForUpdates: 'yes' as unknown as boolean })).toEqual(
      {
        ok: false,
        error: {
          kind: 'invalid_request',
          message:
            'Invalid request: checkForUpdates: “Check for updates automatically” must be true or false.',
        },
      },
    );
  });

  it('a settings file from before this setting loads with updates on, and is not reported as damaged', async () => {
    await writeFile(
      join(dir(), 'settings.json'),
      JSON.stringify({ schemaVersion: 1, theme: 'dark', refreshIntervalMinutes: 15 }),
    );
    const { services, timers } = await start({ installed: true });
    expect(services.settings.get()).toMatchObject({
      checkForUpdates: true,
      theme: 'dark',
      refreshIntervalMinutes: 15,
    });
    expect(services.settings.recovery()).toBeUndefined();
    expect(timers.delays()).toEqual([FIRST_CHECK_AFTER_MS]);
  });
});
