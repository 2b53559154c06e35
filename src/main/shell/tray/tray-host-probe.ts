import type { EventEmitter } from 'node:events';
import { Message, MessageFlag, Variant, sessionBus } from '@jellybrick/dbus-next';

/**
 * Whether a tray will show our icon on Linux. Electron's Tray there is Chromium's
 * StatusIconLinuxDbus (chrome/browser/ui/views/status_icons/status_icon_linux_dbus.cc): it asks
 * the session bus whether `org.kde.StatusNotifierWatcher` has an owner and whether that
 * watcher's `IsStatusNotifierHostRegistered` is true, and gives up on the StatusNotifierItem
 * icon otherwise (falling back to a GTK/XEmbed icon that only old X11 panels show). This asks
 * the same two questions. KDE Plasma, the GNOME "AppIndicator and KStatusNotifierItem Support"
 * extension, waybar and others implement the watcher; plain GNOME does not.
 */

export type TrayHostPresence = 'present' | 'missing' | 'unknown';

export interface TrayHostProbeOptions {
  /** The bus to ask; by default the session bus found in `env` (see sessionBusAddress). */
  busAddress?: string;
  /** Where to look for the session bus when no address is given; default process.env. */
  env?: Record<string, string | undefined>;
  /** The whole probe gives up ('unknown') after this long; it runs at start-up. */
  timeoutMs?: number;
}

export const TRAY_HOST_PROBE_TIMEOUT_MS = 1_000;

const WATCHER_NAME = 'org.kde.StatusNotifierWatcher';
const WATCHER_PATH = '/StatusNotifierWatcher';
const WATCHER_INTERFACE = 'org.kde.StatusNotifierWatcher';
const HOST_REGISTERED_PROPERTY = 'IsStatusNotifierHostRegistered';

/**
 * The session bus as libdbus (which Chromium uses) finds it: DBUS_SESSION_BUS_ADDRESS, else the
 * systemd user bus at `$XDG_RUNTIME_DIR/bus` (libdbus's `unix:runtime=yes`). The legacy X11
 * autolaunch files are not read: no desktop of this decade depends on them.
 */
export function sessionBusAddress(env: Record<string, string | undefined>): string | undefined {
  const address = env['DBUS_SESSION_BUS_ADDRESS'];
  if (address) return address;
  const runtimeDir = env['XDG_RUNTIME_DIR'];
  return runtimeDir ? `unix:path=${runtimeDir}/bus` : undefined;
}

/** Never throws: no bus, a timeout, an error or an odd answer are all 'unknown'. */
export async function hasStatusNotifierHost(
  options: TrayHostProbeOptions = {},
): Promise<TrayHostPresence> {
  const busAddress = options.busAddress ?? sessionBusAddress(options.env ?? process.env);
  if (busAddress === undefined) return 'unknown';

  const bus = sessionBus({ busAddress });
  // Connection errors arrive as 'error' events, also after we stopped listening for an answer:
  // one without a listener would crash the main process. (The library's typed event map omits
  // 'error', though it emits it.)
  let failed: (error: unknown) => void = () => undefined;
  (bus as EventEmitter).on('error', (error: unknown) => failed(error));

  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<TrayHostPresence>((resolve) => {
    timer = setTimeout(() => resolve('unknown'), options.timeoutMs ?? TRAY_HOST_PROBE_TIMEOUT_MS);
  });
  const connectionFailed = new Promise<TrayHostPresence>((resolve) => {
    failed = () => resolve('unknown');
  });

  try {
    return await Promise.race([askTheBus(bus), timedOut, connectionFailed]);
  } catch {
    return 'unknown';
  } finally {
    clearTimeout(timer);
    failed = () => undefined;
    bus.disconnect();
  }
}

type Bus = ReturnType<typeof sessionBus>;

async function askTheBus(bus: Bus): Promise<TrayHostPresence> {
  // Ask the bus itself, so that asking never starts a D-Bus-activatable watcher.
  const ownerReply = await bus.call(
    new Message({
      destination: 'org.freedesktop.DBus',
      path: '/org/freedesktop/DBus',
      interface: 'org.freedesktop.DBus',
      member: 'NameHasOwner',
      signature: 's',
      body: [WATCHER_NAME],
    }),
  );
  const owned = ownerReply?.body[0];
  if (owned !== true) return owned === false ? 'missing' : 'unknown';

  // An error reply (no such object or property, the watcher quit meanwhile) throws: 'unknown'.
  const hostReply = await bus.call(
    new Message({
      destination: WATCHER_NAME,
      path: WATCHER_PATH,
      interface: 'org.freedesktop.DBus.Properties',
      member: 'Get',
      signature: 'ss',
      body: [WATCHER_INTERFACE, HOST_REGISTERED_PROPERTY],
      flags: MessageFlag.NO_AUTO_START,
    }),
  );
  const answer = hostReply?.body[0];
  const isBoolean = answer instanceof Variant && typeof answer.value === 'boolean';
  if (!isBoolean) return 'unknown';
  // A watcher with no host is what a tray-less panel leaves behind: no icon will show.
  return answer.value ? 'present' : 'missing';
}
