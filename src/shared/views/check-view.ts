import { z } from 'zod';
import { revisionSchema } from './plans-view';
import {
  CHECK_FAILURE_REASONS,
  CHECK_PROTOCOLS,
  EXIT_IP_MATCHES,
} from '../proxy-check/check-reasons';

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

/** The current run (a plan, a search result, or one proxy); null when none is under way. */
const proxyChecksRunSchema = z
  .object({
    total: z.int().nonnegative(),
    done: z.int().nonnegative(),
    failed: z.int().nonnegative(),
  })
  .nullable();
export type ProxyChecksRun = z.infer<typeof proxyChecksRunSchema>;

/**
 * How the last finished run went, in one line, until the next run starts: the summary rather
 * than its entries, which the popup already holds. Null before the first run, while a run is
 * under way, and after one was cancelled.
 */
const proxyChecksLastRunSchema = z
  .object({
    /** Counts the runs since the app started, so the popup can tell a dismissed line from a new one. */
    number: z.int().positive(),
    /** "7 of 8 working" or "Not checked": the summary folded into a chip, its counts whole. */
    headline: z.string(),
    /** "7 of 8 working · fastest 42 ms · 1 login refused", or why the echo could not be reached. */
    summary: z.string(),
  })
  .nullable();
export type ProxyChecksLastRun = z.infer<typeof proxyChecksLastRunSchema>;

/**
 * Every proxy of the active account that was checked or is being checked, and the run's progress.
 * `revision` counts the deltas sent so far: the view holds each of them, and may already hold
 * changes whose delta is still to go out (laying that delta over it again changes nothing).
 */
export const proxyChecksViewSchema = z.object({
  revision: revisionSchema,
  entries: z.array(proxyCheckEntrySchema),
  run: proxyChecksRunSchema,
  lastRun: proxyChecksLastRunSchema,
});
export type ProxyChecksView = z.infer<typeof proxyChecksViewSchema>;

/**
 * What changed in the view since the previous delta: its cost follows the proxies that changed,
 * not the proxies checked. Each entry replaces the proxy's entry; `run` and `lastRun` replace theirs.
 */
export const proxyChecksDeltaSchema = z.object({
  revision: revisionSchema,
  /** Entries added or changed. */
  entries: z.array(proxyCheckEntrySchema),
  /** Proxies no longer in the view (an entry never sent may be named too). */
  removed: z.array(z.int().positive()),
  run: proxyChecksRunSchema,
  lastRun: proxyChecksLastRunSchema,
});
export type ProxyChecksDelta = z.infer<typeof proxyChecksDeltaSchema>;
