import type { Settings } from '../../shared/settings/settings-schema';
import { DEFAULT_DEADLINES } from './relay/connection-deadlines';
import type { LocalPortOptions } from './local-port';

/**
 * A port's connection limits from Settings → Local ports: how long a connection may sit with
 * nothing moving, and how many connections one port holds. The handshake deadline stays the
 * default: no app needs longer than 30 s to send a head.
 */
export function portConnectionLimits(
  settings: Pick<Settings, 'localPortIdleMinutes' | 'localPortConnectionsMax'>,
): Pick<LocalPortOptions, 'deadlines' | 'maxConnections'> {
  return {
    deadlines: { ...DEFAULT_DEADLINES, idleMs: settings.localPortIdleMinutes * 60_000 },
    maxConnections: settings.localPortConnectionsMax,
  };
}
