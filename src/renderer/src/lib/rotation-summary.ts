import type { ProxyView } from '../../../shared/ipc/plans-view';
import { formatInterval } from './interval-presets';

/** A proxy's rotation in a few words: "Rotates every 5 min", "Static", or what is unknown. */
export function rotationSummary({
  is_rotating: rotating,
  rotate_interval: seconds,
}: Pick<ProxyView, 'is_rotating' | 'rotate_interval'>): string {
  if (rotating === false) return 'Static';
  const every = seconds === null ? 'at an unknown interval' : `every ${formatInterval(seconds)}`;
  return rotating === null ? `Rotation unknown, ${every}` : `Rotates ${every}`;
}
