import type { LocalPortView } from '../../../shared/views/local-port-view';

const UNITS = ['B', 'kB', 'MB', 'GB', 'TB'];

/** 1234567 → "1.2 MB": decimal units, as file managers and download bars show them. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < UNITS.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const digits = unit === 0 || value >= 100 ? 0 : 1;
  return `${value.toFixed(digits)} ${UNITS[unit]}`;
}

/**
 * "2 open · 15 in all · ↑ 1.2 kB ↓ 34 kB": what went through a port, with "3 refused" after the
 * counts once the port turned connections away at its cap.
 */
export function localPortTraffic(stats: LocalPortView['stats']): string {
  return [
    `${stats.openConnections} open`,
    `${stats.totalConnections} in all`,
    ...(stats.refusedConnections > 0 ? [`${stats.refusedConnections} refused`] : []),
    `↑ ${formatBytes(stats.bytesUp)} ↓ ${formatBytes(stats.bytesDown)}`,
  ].join(' · ');
}
