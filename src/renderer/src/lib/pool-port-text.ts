import type {
  PoolMemberView,
  PoolPortView,
  PoolSource,
} from '../../../shared/views/pool-port-view';
import { formatBytes } from './local-port-text';

type PoolStrategy = PoolPortView['strategy'];

/** The strategies in the order the select offers them, with the words it shows. */
export const POOL_STRATEGIES: readonly { value: PoolStrategy; label: string }[] = [
  { value: 'round-robin', label: 'Round robin' },
  { value: 'random', label: 'Random' },
  { value: 'fastest', label: 'Fastest' },
  { value: 'sticky', label: 'Sticky' },
];

/** The select hands back a string: anything but a known strategy is none. */
export function poolStrategyOf(value: string): PoolStrategy | undefined {
  return POOL_STRATEGIES.find((strategy) => strategy.value === value)?.value;
}

/**
 * What "New upstream for each request" means, said both ways: a user choosing between a browser
 * that must keep its exit IP and a scraper that reuses connections has to know what each does.
 */
export const PER_REQUEST_EXPLANATION =
  'Off: one app connection keeps one proxy, so a browser keeps its exit IP. On: each plain HTTP request of a kept-alive connection goes through the next proxy; HTTPS tunnels cannot be split.';

/** How an app keeps one exit across connections (the providers' own `session-` convention). */
export function sessionHint(requiresPassword: boolean): string {
  return requiresPassword
    ? 'Log in as session-<id> with the pool’s password to keep one exit'
    : 'Log in as session-<id> (any password) to keep one exit';
}

/** The menu item that opens a pool over the source, e.g. "Pool port for these 3". */
export function openPoolLabel(source: PoolSource, count: number): string {
  switch (source.kind) {
    case 'plan':
      return 'Pool port for this plan';
    case 'search':
      return `Pool port for these ${count}`;
    case 'pinned':
      return 'Pool port for the pinned';
  }
}

/** The toast after opening: where the address is, since opening copies nothing by itself. */
export function poolOpenedText(
  pool: Pick<PoolPortView, 'title' | 'memberCount'>,
  address: string,
): string {
  const members = `${pool.memberCount} ${pool.memberCount === 1 ? 'proxy' : 'proxies'}`;
  return `Pool port ${address} opened over ${members} (${pool.title}): copy it from Local ports, above the plans`;
}

/** "3 healthy · 1 benched", or "No members" when the source has none left. */
export function poolHealth(pool: Pick<PoolPortView, 'memberCount' | 'benchedCount'>): string {
  if (pool.memberCount === 0) return 'No members';
  const healthy = pool.memberCount - pool.benchedCount;
  return pool.benchedCount === 0
    ? `${healthy} healthy`
    : `${healthy} healthy · ${pool.benchedCount} benched`;
}

/** "and 40 more" when the view lists fewer members than the pool has; empty otherwise. */
export function unlistedMembers(pool: Pick<PoolPortView, 'memberCount' | 'members'>): string {
  const rest = pool.memberCount - pool.members.length;
  return rest > 0 ? `and ${rest} more` : '';
}

const clockTime = new Intl.DateTimeFormat(undefined, {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** "benched until 14:05:09: connection refused", or "healthy". */
export function memberState(member: Pick<PoolMemberView, 'benched'>): string {
  if (member.benched === null) return 'healthy';
  const until = new Date(member.benched.until);
  const when = Number.isNaN(until.getTime()) ? member.benched.until : clockTime.format(until);
  return `benched until ${when}: ${member.benched.reason}`;
}

/** "2 open · 15 in all · ↑ 1.2 kB ↓ 34 kB · 3 sessions": what went through one member. */
export function memberTraffic(member: PoolMemberView): string {
  return [
    `${member.openConnections} open`,
    `${member.totalConnections} in all`,
    `↑ ${formatBytes(member.bytesUp)} ↓ ${formatBytes(member.bytesDown)}`,
    ...(member.sessions > 0
      ? [`${member.sessions} ${member.sessions === 1 ? 'session' : 'sessions'}`]
      : []),
  ].join(' · ');
}
