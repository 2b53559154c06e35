import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { KeytarVault, type KeytarApi } from '../../../src/main/session/keytar-vault';
import { VaultError } from '../../../src/main/session/token-vault';
import { rejectionOf } from '../api/reference-service-fixture';
import { useTestKeychain } from './test-keychain';

const keychain = useTestKeychain();

describe('KeytarVault on the real keychain', () => {
  it('stores, reads, replaces and deletes a token', async () => {
    const vault = keychain.vault();
    expect(await vault.get('alice')).toBeNull();

    await vault.set('alice', 'first-token');
    expect(await keychain.stored('alice')).toBe('first-token');
    expect(await vault.get('alice')).toBe('first-token');

    await vault.set('alice', 'second-token');
    expect(await vault.get('alice')).toBe('second-token');
    expect(await keychain.entries()).toHaveLength(1);

    expect(await vault.delete('alice')).toBe(true);
    expect(await keychain.stored('alice')).toBeNull();
    expect(await vault.delete('alice')).toBe(false);
  });

  it('keeps accounts apart, and services apart', async () => {
    const vault = keychain.vault();
    await vault.set('alice', 'token-a');
    await vault.set('bob', 'token-b');
    const elsewhere = new KeytarVault({ service: `proxy-tray-test-${randomUUID()}` });

    expect(await vault.get('alice')).toBe('token-a');
    expect(await vault.get('bob')).toBe('token-b');
    expect(await elsewhere.get('alice')).toBeNull();
  });
});

/** A keytar whose calls never come back, as libsecret does with a daemon that hangs. */
function hangingKeytar(): KeytarApi {
  const never = () => new Promise<never>(() => undefined);
  return { getPassword: never, setPassword: never, deletePassword: never };
}

function failingKeytar(message: string): KeytarApi {
  const fail = async () => {
    throw new Error(message);
  };
  return { getPassword: fail, setPassword: fail, deletePassword: fail };
}

describe('KeytarVault when keytar misbehaves', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('gives up on a keychain that never answers after 10 s by default', async () => {
    vi.useFakeTimers();
    const vault = new KeytarVault({ service: 'unused', loadKeytar: async () => hangingKeytar() });
    let settled: unknown = 'pending';
    const pending = vault.get('alice').then(
      (value) => (settled = value),
      (error: unknown) => (settled = error),
    );

    await vi.advanceTimersByTimeAsync(9_999);
    expect(settled).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    await pending;

    expect(settled).toBeInstanceOf(VaultError);
    expect(settled).toMatchObject({
      kind: 'timeout',
      message: expect.stringContaining('The keychain did not answer within 10 s'),
    });
  });

  it('takes its deadline from the constructor, for every call', async () => {
    vi.useFakeTimers();
    const vault = new KeytarVault({
      service: 'unused',
      timeoutMs: 2_500,
      loadKeytar: async () => hangingKeytar(),
    });
    const calls = [vault.get('a'), vault.set('a', 'secret-token'), vault.delete('a')];
    const outcomes = calls.map((call) => rejectionOf(call));
    await vi.advanceTimersByTimeAsync(2_500);

    for (const error of await Promise.all(outcomes)) {
      expect(error).toMatchObject({
        kind: 'timeout',
        message: expect.stringContaining('within 2.5 s'),
      });
    }
  });

  it('turns a keytar that cannot be loaded into an unavailable keychain, and tries again later', async () => {
    const loadKeytar = vi.fn(async (): Promise<KeytarApi> => {
      throw new Error("Cannot find module '../build/Release/keytar.node'");
    });
    const vault = new KeytarVault({ service: 'unused', loadKeytar });

    const error = await rejectionOf(vault.get('alice'));
    expect(error).toBeInstanceOf(VaultError);
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: expect.stringMatching(
        /^The keychain module could not be loaded: Cannot find module '.*keytar\.node'/,
      ),
    });
    await rejectionOf(vault.set('alice', 'token'));
    expect(loadKeytar).toHaveBeenCalledTimes(2);
  });

  it('says why the module could not be loaded, in 300 characters at most, whatever was thrown', async () => {
    const long = `Cannot load ${'x'.repeat(400)}`;
    const vault = new KeytarVault({
      service: 'unused',
      loadKeytar: async () => {
        throw new Error(long);
      },
    });
    const error = await rejectionOf(vault.get('alice'));
    expect(error).toMatchObject({
      kind: 'unavailable',
      message: `The keychain module could not be loaded: ${long.slice(0, 300)}. Reinstall Proxy Tray to repair it.`,
      detail: long.slice(0, 300),
    });
    const odd = new KeytarVault({
      service: 'unused',
      loadKeytar: () => Promise.reject('no such module'),
    });
    expect(await rejectionOf(odd.get('alice'))).toMatchObject({
      message:
        'The keychain module could not be loaded: no such module. Reinstall Proxy Tray to repair it.',
    });
  });

  it('passes on a keychain failure of its own as it is, not as a module that failed to load', async () => {
    const mismatch = new VaultError('unavailable', 'keytar was built for Node 20.0.0.');
    const vault = new KeytarVault({
      service: 'unused',
      loadKeytar: () => Promise.reject(mismatch),
    });
    expect(await rejectionOf(vault.get('alice'))).toBe(mismatch);
  });

  it('keeps an opaque token out of an error that repeats it', async () => {
    const token = 'opaque-token-0123456789abcdef';
    const vault = new KeytarVault({
      service: 'unused',
      loadKeytar: async () => failingKeytar(`could not store ${token}`),
    });
    const error = await rejectionOf(vault.set('alice', token));
    expect(JSON.stringify(error)).toContain('could not store [redacted]');
    expect(JSON.stringify(error)).not.toContain(token);
  });

  it('needs a service name: tokens under none would mix with every other program', () => {
    expect(() => new KeytarVault({ service: '' })).toThrow('KeytarVault needs a service name');
  });

  it.each([
    ['Cannot create an item in a locked collection', 'locked'],
    ['Cannot autolaunch D-Bus without X11 $DISPLAY', 'unavailable'],
    ['User canceled the operation.', 'denied'],
  ] as const)('maps keytar\'s "%s" to %s', async (message, kind) => {
    const vault = new KeytarVault({
      service: 'unused',
      loadKeytar: async () => failingKeytar(message),
    });
    expect(await rejectionOf(vault.set('alice', 'token'))).toMatchObject({
      name: 'VaultError',
      kind,
      detail: message,
    });
  });

  it('keeps the token out of an error that repeats it', async () => {
    const token = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl';
    const vault = new KeytarVault({
      service: 'unused',
      loadKeytar: async () => failingKeytar(`could not store "${token}" for you`),
    });
    const error = await rejectionOf(vault.set('alice', token));
    expect(JSON.stringify(error)).toContain('could not store');
    expect(JSON.stringify(error)).not.toContain(token);
    expect(String(error)).not.toContain(token);
  });
});

// The real keytar under environments without a usable keychain, each in a child process (keytar
// keeps its D-Bus connection for the life of the process).
const PROBE = fileURLToPath(new URL('./keychain-probe.ts', import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PROBE_MARKER = 'KEYCHAIN-PROBE-RESULT ';
const PROBE_TOKEN = 'eyJhbGciOiJIUzI1NiJ9.eyJwcm9iZSI6dHJ1ZX0.cHJvYmUtc2lnbmF0dXJl';
const run = promisify(execFile);

// These failures are Linux's (D-Bus and the Secret Service); macOS's and Windows's own messages are
// mapped in keychain-error-mapping.test.ts, and the keychain itself is used above on every OS.
describe.skipIf(process.platform !== 'linux')('KeytarVault maps real keychain failures', () => {
  let scratch: string | undefined;
  afterEach(async () => {
    if (scratch) await rm(scratch, { recursive: true, force: true });
    scratch = undefined;
  });

  async function scratchDir(): Promise<string> {
    scratch = await mkdtemp(join(tmpdir(), 'proxy-tray-keychain-'));
    return scratch;
  }

  /** Runs the probe under `command` (a wrapper such as dbus-run-session) with this environment. */
  async function probe(env: NodeJS.ProcessEnv, wrapper: string[] = []) {
    const node = [process.execPath, '--import', 'tsx', PROBE, keychain.service, PROBE_TOKEN];
    const [file, ...args] = [...wrapper, ...node];
    const { stdout } = await run(file as string, args, { env, cwd: PROJECT_ROOT });
    const line = stdout.split('\n').find((candidate) => candidate.startsWith(PROBE_MARKER));
    if (!line) throw new Error(`The probe printed no result:\n${stdout}`);
    expect(stdout).not.toContain(PROBE_TOKEN);
    return JSON.parse(line.slice(PROBE_MARKER.length)) as Record<string, unknown>;
  }

  /** This environment without any display or session bus, keyring files in a scratch dir. */
  async function bareEnv(): Promise<NodeJS.ProcessEnv> {
    const dir = await scratchDir();
    const {
      DISPLAY: _display,
      WAYLAND_DISPLAY: _wayland,
      DBUS_SESSION_BUS_ADDRESS: _bus,
      ...rest
    } = process.env;
    const env: NodeJS.ProcessEnv = { ...rest, XDG_DATA_HOME: dir, XDG_RUNTIME_DIR: dir };
    return env;
  }

  it('a session bus address that leads nowhere: no system keychain', async () => {
    const env = { ...(await bareEnv()), DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' };
    expect(await probe(env)).toEqual({
      ok: false,
      name: 'VaultError',
      kind: 'unavailable',
      message: 'No system keychain: install and unlock gnome-keyring or KWallet, then try again.',
      detail: expect.stringContaining('Could not connect'),
    });
  });

  it('no session bus and no display: no system keychain', async () => {
    expect(await probe(await bareEnv())).toEqual({
      ok: false,
      name: 'VaultError',
      kind: 'unavailable',
      message: 'No system keychain: install and unlock gnome-keyring or KWallet, then try again.',
      detail: 'Cannot autolaunch D-Bus without X11 $DISPLAY',
    });
  });

  it('a session bus that offers no Secret Service: no system keychain', async () => {
    const env = await bareEnv();
    // The system's session bus configuration without the directories that start services on
    // demand, so that no keyring daemon answers for org.freedesktop.secrets.
    const config = (await readFile('/usr/share/dbus-1/session.conf', 'utf8')).replace(
      /<standard_session_servicedirs\s*\/>/,
      '',
    );
    const configFile = join(env.XDG_DATA_HOME as string, 'session.conf');
    await writeFile(configFile, config);

    expect(await probe(env, ['dbus-run-session', `--config-file=${configFile}`, '--'])).toEqual({
      ok: false,
      name: 'VaultError',
      kind: 'unavailable',
      message: 'No system keychain: install and unlock gnome-keyring or KWallet, then try again.',
      detail: expect.stringContaining('org.freedesktop.secrets was not provided'),
    });
  });

  it('a keyring that exists but is locked: locked', async () => {
    const env = await bareEnv();
    // First session: gnome-keyring creates a login keyring with a password and unlocks it.
    const created = await probe(env, [
      'dbus-run-session',
      '--',
      'sh',
      '-c',
      'printf pw | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1; exec "$@"',
      'probe',
    ]);
    expect(created).toEqual({ ok: true });
    // Second session: the daemon starts on demand with that keyring locked, and nobody can
    // answer its prompt.
    expect(await probe(env, ['dbus-run-session', '--'])).toEqual({
      ok: false,
      name: 'VaultError',
      kind: 'locked',
      message: 'The keychain is locked: unlock it and try again.',
      detail: 'Cannot create an item in a locked collection',
    });
  });
});
