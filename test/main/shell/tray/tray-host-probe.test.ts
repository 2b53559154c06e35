import { createServer, type Server } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  hasStatusNotifierHost,
  sessionBusAddress,
  TRAY_HOST_PROBE_TIMEOUT_MS,
} from '../../../../src/main/shell/tray/tray-host-probe';
import {
  exportStatusNotifierWatcher,
  startPrivateSessionBus,
  type ExportedWatcher,
  type PrivateSessionBus,
} from './private-session-bus';

// Every test here talks to a real dbus-daemon of its own: the probe's answers are the ones a
// desktop's session bus gives, whatever bus (if any) the test run itself has.
let bus: PrivateSessionBus;
let watcher: ExportedWatcher | undefined;

beforeAll(async () => {
  bus = await startPrivateSessionBus();
});
afterAll(async () => {
  await bus.stop();
});
afterEach(async () => {
  watcher?.stop();
  watcher = undefined;
  // Let the bus drop the watcher's name before the next test asks for it.
  await waitUntil(
    async () => (await hasStatusNotifierHost({ busAddress: bus.address })) === 'missing',
  );
});

async function waitUntil(condition: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 100 && !(await condition()); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('hasStatusNotifierHost on a real session bus', () => {
  it('is missing when nobody owns org.kde.StatusNotifierWatcher (GNOME without the extension)', async () => {
    expect(await hasStatusNotifierHost({ busAddress: bus.address })).toBe('missing');
  });

  it('is present when the watcher says a host is registered', async () => {
    watcher = await exportStatusNotifierWatcher(bus.address, {
      hostRegistered: { signature: 'b', value: true },
    });
    expect(await hasStatusNotifierHost({ busAddress: bus.address })).toBe('present');
  });

  it('is missing when the watcher runs but no host (panel) is registered', async () => {
    watcher = await exportStatusNotifierWatcher(bus.address, {
      hostRegistered: { signature: 'b', value: false },
    });
    expect(await hasStatusNotifierHost({ busAddress: bus.address })).toBe('missing');
  });

  it('is unknown when the watcher answers the property with another type', async () => {
    watcher = await exportStatusNotifierWatcher(bus.address, {
      hostRegistered: { signature: 's', value: 'yes' },
    });
    expect(await hasStatusNotifierHost({ busAddress: bus.address })).toBe('unknown');
  });

  it('is unknown when the watcher answers the question with an error', async () => {
    watcher = await exportStatusNotifierWatcher(bus.address, {
      hostRegistered: { error: 'org.freedesktop.DBus.Error.InvalidArgs' },
    });
    expect(await hasStatusNotifierHost({ busAddress: bus.address })).toBe('unknown');
  });

  it('is unknown when the name is owned but no watcher object is at /StatusNotifierWatcher', async () => {
    watcher = await exportStatusNotifierWatcher(bus.address, {
      hostRegistered: { signature: 'b', value: true },
      path: '/org/kde/StatusNotifierWatcher',
    });
    expect(await hasStatusNotifierHost({ busAddress: bus.address })).toBe('unknown');
  });

  it('finds the bus through DBUS_SESSION_BUS_ADDRESS when given no address', async () => {
    watcher = await exportStatusNotifierWatcher(bus.address, {
      hostRegistered: { signature: 'b', value: true },
    });
    const env = { DBUS_SESSION_BUS_ADDRESS: bus.address };
    expect(await hasStatusNotifierHost({ env })).toBe('present');
  });
});

describe('hasStatusNotifierHost without a usable bus', () => {
  it('is unknown, without trying anything, when the environment names no session bus', async () => {
    expect(await hasStatusNotifierHost({ env: {} })).toBe('unknown');
  });

  it('is unknown when nothing listens at the address', async () => {
    const address = 'unix:path=/nonexistent/proxy-tray-test/bus';
    expect(await hasStatusNotifierHost({ busAddress: address })).toBe('unknown');
  });

  it('is unknown when the address cannot be parsed', async () => {
    expect(await hasStatusNotifierHost({ busAddress: 'nonsense' })).toBe('unknown');
  });

  it('is unknown, within its time limit, when the bus accepts but never answers', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'proxy-tray-silent-bus-'));
    const socketPath = join(directory, 'bus');
    const silent: Server = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(socketPath, resolve));
    try {
      const started = Date.now();
      const answer = await hasStatusNotifierHost({
        busAddress: `unix:path=${socketPath}`,
        timeoutMs: 200,
      });
      expect(answer).toBe('unknown');
      expect(Date.now() - started).toBeLessThan(2_000);
    } finally {
      silent.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('gives up after about a second by default', () => {
    expect(TRAY_HOST_PROBE_TIMEOUT_MS).toBe(1_000);
  });
});

describe('hasStatusNotifierHost on the systemd user bus', () => {
  it('finds $XDG_RUNTIME_DIR/bus when DBUS_SESSION_BUS_ADDRESS is unset', async () => {
    const runtimeDir = await mkdtemp(join(tmpdir(), 'proxy-tray-runtime-'));
    const userBus = await startPrivateSessionBus(`unix:path=${join(runtimeDir, 'bus')}`);
    try {
      expect(await hasStatusNotifierHost({ env: { XDG_RUNTIME_DIR: runtimeDir } })).toBe('missing');
    } finally {
      await userBus.stop();
      await rm(runtimeDir, { recursive: true, force: true });
    }
  });
});

describe('sessionBusAddress', () => {
  it.each([
    [{ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/a/bus' }, 'unix:path=/a/bus'],
    [
      { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/a/bus', XDG_RUNTIME_DIR: '/run/user/1000' },
      'unix:path=/a/bus',
    ],
    [{ XDG_RUNTIME_DIR: '/run/user/1000' }, 'unix:path=/run/user/1000/bus'],
    [
      { DBUS_SESSION_BUS_ADDRESS: '', XDG_RUNTIME_DIR: '/run/user/1000' },
      'unix:path=/run/user/1000/bus',
    ],
    [{}, undefined],
    [{ XDG_RUNTIME_DIR: '' }, undefined],
  ])('%o → %s', (env, expected) => {
    expect(sessionBusAddress(env)).toBe(expected);
  });
});
