import { z } from 'zod';
import { CHECK_FAILURE_REASONS, CHECK_PROTOCOLS, EXIT_IP_MATCHES } from './check-reasons';

/** One finished check of one proxy. Milliseconds are whole numbers. */
export const proxyCheckResultSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    protocol: z.enum(CHECK_PROTOCOLS),
    /** The address the echo service saw: where traffic through this proxy leaves. */
    exitIp: z.string(),
    exitIpMatches: z.enum(EXIT_IP_MATCHES),
    /** Until the tunnel through the proxy was open (TCP + CONNECT or SOCKS5 handshake). */
    connectMs: z.int().nonnegative(),
    /** Until the echo's whole answer arrived. */
    totalMs: z.int().nonnegative(),
    checkedAt: z.iso.datetime(),
  }),
  z.object({
    ok: z.literal(false),
    protocol: z.enum(CHECK_PROTOCOLS),
    reason: z.enum(CHECK_FAILURE_REASONS),
    /** A sentence for the user; never holds the proxy's password. */
    message: z.string(),
    checkedAt: z.iso.datetime(),
  }),
]);
export type ProxyCheckResult = z.infer<typeof proxyCheckResultSchema>;

/** A proxy's check status: the last result stays while a new check is queued or running. */
export const proxyCheckEntrySchema = z.object({
  proxyId: z.int().positive(),
  state: z.enum(['idle', 'queued', 'checking']),
  last: proxyCheckResultSchema.nullable(),
});
export type ProxyCheckEntry = z.infer<typeof proxyCheckEntrySchema>;

/** Every proxy of the active account that was checked or is being checked, and the run's progress. */
export const proxyChecksViewSchema = z.object({
  entries: z.array(proxyCheckEntrySchema),
  /** The current run (a plan, a search result, or one proxy); null when none is under way. */
  run: z
    .object({
      total: z.int().nonnegative(),
      done: z.int().nonnegative(),
      failed: z.int().nonnegative(),
    })
    .nullable(),
});
export type ProxyChecksView = z.infer<typeof proxyChecksViewSchema>;
