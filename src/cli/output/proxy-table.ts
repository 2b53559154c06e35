import { hostAndPort } from '../../shared/credentials/url-parts';
import type { MatchingProxy } from '../../shared/search/matching-proxies';
import type { ProxyView } from '../../shared/views/plans-view';
import type { Column } from './table';

/** "every 10m", "static", or "—" where the service did not say. */
export function rotationText(proxy: Pick<ProxyView, 'is_rotating' | 'rotate_interval'>): string {
  if (proxy.is_rotating === null) return '—';
  if (!proxy.is_rotating) return 'static';
  return proxy.rotate_interval ? `every ${durationText(proxy.rotate_interval)}` : 'rotating';
}

/** 90 → "90s", 600 → "10m", 7200 → "2h", 86400 → "1d": as `interval` accepts it back. */
export function durationText(seconds: number): string {
  for (const [unit, size] of [
    ['d', 86_400],
    ['h', 3600],
    ['m', 60],
  ] as const) {
    if (seconds % size === 0) return `${seconds / size}${unit}`;
  }
  return `${seconds}s`;
}

/** The proxies as a person reads them: no password (it is printed only when asked for). */
export const PROXY_COLUMNS: readonly Column<MatchingProxy>[] = [
  { title: 'ID', value: ({ proxy }) => String(proxy.id), alignRight: true },
  { title: 'PLAN', value: ({ plan }) => plan.name },
  { title: 'LABEL', value: ({ proxy }) => proxy.label ?? '' },
  { title: 'ADDRESS', value: ({ proxy }) => hostAndPort(proxy.ip, proxy.port) },
  { title: 'USERNAME', value: ({ proxy }) => proxy.username },
  { title: 'ROTATION', value: ({ proxy }) => rotationText(proxy) },
];
