import { z } from 'zod';
import { portStatsSchema } from './local-port-view';

/** Where a pool's members come from; the members follow the listing as it changes. */
export const poolSourceSchema = z.discriminatedUnion('kind', [
  /** Every proxy of a plan. */
  z.strictObject({ kind: z.literal('plan'), planId: z.int().positive() }),
  /** The proxies a search finds (the popup's query language), across plans or in one. */
  z.strictObject({
    kind: z.literal('search'),
    query: z.string().min(1).max(500),
    planId: z.int().positive().optional(),
  }),
  /** The account's pinned proxies. */
  z.strictObject({ kind: z.literal('pinned') }),
]);
export type PoolSource = z.infer<typeof poolSourceSchema>;

export const poolStrategySchema = z.enum(['round-robin', 'random', 'fastest', 'sticky']);

/** A member of a pool as the Local ports section shows it. */
export const poolMemberViewSchema = z.object({
  proxyId: z.int().positive(),
  /** The proxy's label, else its host:port. */
  title: z.string(),
  /** Left out of the choices until `until`, and why in words; null while healthy. */
  benched: z.object({ until: z.iso.datetime(), reason: z.string() }).nullable(),
  openConnections: z.int().nonnegative(),
  totalConnections: z.int().nonnegative(),
  bytesUp: z.number().nonnegative(),
  bytesDown: z.number().nonnegative(),
  /** Sessions (`session-<id>` logins) whose connections it holds. */
  sessions: z.int().nonnegative(),
});
export type PoolMemberView = z.infer<typeof poolMemberViewSchema>;

/** What the popup, the tray or the command line asks for: a pool port over a source. */
export const openPoolPortRequestSchema = z.strictObject({
  source: poolSourceSchema,
  /** 0 or absent: any free port. */
  port: z.int().min(0).max(65_535).optional(),
  /** How the members are spoken to; the checks' setting where absent. */
  protocol: z.enum(['http', 'socks5']).optional(),
  strategy: poolStrategySchema.optional(),
  /** A new upstream for each plain HTTP request (CONNECT tunnels cannot be split). */
  perRequest: z.boolean().optional(),
  /** Local apps must then give a random password (as a username, anything: a session). */
  requirePassword: z.boolean().optional(),
  /** Reopened when the app starts (on the same number when it is free), as a kept local port. */
  keep: z.boolean().optional(),
});
export type OpenPoolPortRequest = z.infer<typeof openPoolPortRequestSchema>;

/** A change to an open pool: none of these restarts its listener. */
export const configurePoolPortRequestSchema = z.strictObject({
  poolId: z.string().min(1),
  /** A new number restarts the listener there (taken first, so a refusal changes nothing). */
  port: z.int().min(1).max(65_535).optional(),
  /** A new local password is made when turned on; turned off, any login is taken. */
  requirePassword: z.boolean().optional(),
  strategy: poolStrategySchema.optional(),
  perRequest: z.boolean().optional(),
  keep: z.boolean().optional(),
});
export type ConfigurePoolPortRequest = z.infer<typeof configurePoolPortRequestSchema>;

/** The most members a pool's view lists (the benched and the busiest first); the rest are counted. */
export const POOL_VIEW_MEMBERS = 100;

/** An open pool port as the Local ports section shows it. No password of any kind. */
export const poolPortViewSchema = z.object({
  poolId: z.string().min(1),
  source: poolSourceSchema,
  /** What the source is called: "Plan Shop", "Search “shop”", "Pinned proxies". */
  title: z.string(),
  host: z.enum(['127.0.0.1', '::1']),
  port: z.int().min(1).max(65_535),
  protocol: z.enum(['http', 'socks5']),
  strategy: poolStrategySchema,
  perRequest: z.boolean(),
  requiresPassword: z.boolean(),
  /** Reopened when the app starts. */
  keep: z.boolean(),
  /** Members now, and how many of them are benched. */
  memberCount: z.int().nonnegative(),
  benchedCount: z.int().nonnegative(),
  /** At most POOL_VIEW_MEMBERS of them: the benched first, then by connections. */
  members: z.array(poolMemberViewSchema),
  stats: portStatsSchema,
});
export type PoolPortView = z.infer<typeof poolPortViewSchema>;
