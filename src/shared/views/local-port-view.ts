import { z } from 'zod';

/** The highest port a user may pick; 0 asks for any free one. */
const portNumber = z.int().min(0).max(65_535);

/** What the popup asks for: a port for a proxy, on a number the user picked or any free one. */
export const openLocalPortRequestSchema = z.strictObject({
  proxyId: z.int().positive(),
  /** 0 or absent: any free port. */
  port: portNumber.optional(),
  /** How the upstream is spoken to; the checks' setting where absent. */
  protocol: z.enum(['http', 'socks5']).optional(),
  /** Local apps must then give a random password ("for shared computers"). */
  requirePassword: z.boolean().optional(),
  /** Reopened when the app starts (on the same number when it is free). */
  keep: z.boolean().optional(),
});
export type OpenLocalPortRequest = z.infer<typeof openLocalPortRequestSchema>;

/**
 * A change to an open port: another number (0: any free one), protocol or password
 * requirement restarts its listener; `keep` only changes what the next start reopens.
 */
export const configureLocalPortRequestSchema = openLocalPortRequestSchema.extend({
  /** "Keep this browser profile": the proxy's browser keeps its profile when it exits. */
  keepBrowserProfile: z.boolean().optional(),
});
export type ConfigureLocalPortRequest = z.infer<typeof configureLocalPortRequestSchema>;

/** What went through a port (a local port's or a pool's), as the popup and the tray show it. */
export const portStatsSchema = z.object({
  openConnections: z.int().nonnegative(),
  totalConnections: z.int().nonnegative(),
  /** Refused at once because the port or the app held as many connections as allowed. */
  refusedConnections: z.int().nonnegative(),
  bytesUp: z.number().nonnegative(),
  bytesDown: z.number().nonnegative(),
  /** The last failure in words ("the proxy refused the login (407)"), and when. */
  lastError: z.object({ message: z.string(), at: z.iso.datetime() }).nullable(),
});

/**
 * An open local port as the popup and the tray show it: its address, its proxy, what went
 * through it. No password of any kind: the local one is copied by the main process on request.
 */
export const localPortViewSchema = z.object({
  proxyId: z.int().positive(),
  /** The proxy's label, else its host:port. */
  title: z.string(),
  username: z.string(),
  host: z.enum(['127.0.0.1', '::1']),
  port: z.int().min(1).max(65_535),
  /** How the upstream is spoken to. */
  protocol: z.enum(['http', 'socks5']),
  requiresPassword: z.boolean(),
  /** Reopened when the app starts. */
  keep: z.boolean(),
  /** A browser opened through it keeps its profile (cookies, logins) when it exits. */
  keepBrowserProfile: z.boolean(),
  stats: portStatsSchema,
});
export type LocalPortView = z.infer<typeof localPortViewSchema>;
