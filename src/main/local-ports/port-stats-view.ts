import type { z } from 'zod';
import type { portStatsSchema } from '../../shared/views/local-port-view';
import type { LocalPortStats } from './relay/port-stats';

/** A port's counters as the popup is sent them (dates as ISO text). */
export function portStatsView(stats: LocalPortStats): z.infer<typeof portStatsSchema> {
  return {
    openConnections: stats.openConnections,
    totalConnections: stats.totalConnections,
    refusedConnections: stats.refusedConnections,
    bytesUp: stats.bytesUp,
    bytesDown: stats.bytesDown,
    lastError: stats.lastError && {
      message: stats.lastError.message,
      at: stats.lastError.at.toISOString(),
    },
  };
}
