import { spawn, type ChildProcess } from 'node:child_process';
import type { EventEmitter } from 'node:events';
import { Message, Variant, sessionBus } from '@jellybrick/dbus-next';

/**
 * A real D-Bus session bus of the test's own (dbus-daemon, Debian package `dbus`), and a small
 * StatusNotifierWatcher to export on it: the tray-host probe is proven against the same daemon
 * and wire protocol a desktop has, not against a mock.
 */

const MISSING_DAEMON =
  "dbus-daemon is missing: install the Debian package 'dbus' (apt-get install dbus)";

export interface PrivateSessionBus {
  address: string;
  stop(): Promise<void>;
}

/** Starts `dbus-daemon --session`, listening where it likes or on `listenAddress`. */
export function startPrivateSessionBus(listenAddress?: string): Promise<PrivateSessionBus> {
  const args = ['--session', '--nofork', '--print-address=1'];
  if (listenAddress !== undefined) args.push(`--address=${listenAddress}`);
  const daemon = spawn('dbus-daemon', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    const giveUp = setTimeout(() => {
      daemon.kill();
      reject(new Error(`dbus-daemon printed no address within 10 s. ${stderr}`));
    }, 10_000);
    daemon.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(giveUp);
      reject(new Error(error.code === 'ENOENT' ? MISSING_DAEMON : error.message));
    });
    daemon.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    daemon.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const newline = stdout.indexOf('\n');
      if (newline < 0) return;
      clearTimeout(giveUp);
      resolve({ address: stdout.slice(0, newline).trim(), stop: () => stopDaemon(daemon) });
    });
    daemon.on('exit', (code) => {
      clearTimeout(giveUp);
      reject(new Error(`dbus-daemon exited with ${String(code)}: ${stderr}`));
    });
  });
}

function stopDaemon(daemon: ChildProcess): Promise<void> {
  if (daemon.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    daemon.once('exit', () => resolve());
    daemon.kill();
  });
}

export interface WatcherShape {
  /**
   * How the watcher answers `Properties.Get(…, 'IsStatusNotifierHostRegistered')`: a value of
   * the given D-Bus type ('b' in the spec) or a D-Bus error.
   */
  hostRegistered: { signature: string; value: unknown } | { error: string };
  /** Where the watcher object lives; the spec says /StatusNotifierWatcher. */
  path?: string;
}

export interface ExportedWatcher {
  stop(): void;
}

const WATCHER = 'org.kde.StatusNotifierWatcher';

/**
 * Owns org.kde.StatusNotifierWatcher on `address` and answers the one question the probe asks,
 * as asked. It speaks the wire protocol through the library's low-level handler: its
 * `Interface.configureMembers` is broken in 0.11.3 (the constructor's own `$properties` field
 * hides the configured ones), and a hand-made answer also lets a test send a wrong one.
 */
export async function exportStatusNotifierWatcher(
  address: string,
  shape: WatcherShape,
): Promise<ExportedWatcher> {
  const path = shape.path ?? '/StatusNotifierWatcher';
  const bus = sessionBus({ busAddress: address });
  // The library emits 'error' (its typed event map omits it): never let one crash the test run.
  (bus as EventEmitter).on('error', () => undefined);
  bus.addMethodHandler((call: Message) => {
    const asksHost =
      call.path === path &&
      call.interface === 'org.freedesktop.DBus.Properties' &&
      call.member === 'Get' &&
      call.body[0] === WATCHER &&
      call.body[1] === 'IsStatusNotifierHostRegistered';
    if (!asksHost) return false; // the library answers UnknownMethod / no such path
    const answer = shape.hostRegistered;
    bus.send(
      'error' in answer
        ? Message.newError(call, answer.error, 'The test watcher was told to fail.')
        : Message.newMethodReturn(call, 'v', [new Variant(answer.signature, answer.value)]),
    );
    return true;
  });
  await bus.requestName(WATCHER, 0);
  return { stop: () => bus.disconnect() };
}
