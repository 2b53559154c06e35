import type { ProxyView } from '../../../shared/views/plans-view';
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

/** The row's rotation chip: "↻ 5 min" or "Static", with the words for a tooltip. */
export function rotationChip(proxy: Pick<ProxyView, 'is_rotating' | 'rotate_interval'>): {
  text: string;
  title: string;
} {
  const title = rotationSummary(proxy);
  if (proxy.is_rotating === false) return { text: 'Static', title };
  const every = proxy.rotate_interval === null ? '?' : formatInterval(proxy.rotate_interval);
  return { text: proxy.is_rotating === null ? `↻? ${every}` : `↻ ${every}`, title };
}
