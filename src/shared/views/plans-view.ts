import { z } from 'zod';
import { planSchema, proxySchema } from '../api';
import { ipcErrorSchema } from '../ipc/ipc-error';

/**
 * A proxy as the popup sees it: without its password (shown only on an explicit reveal, and
 * copied by the main process), with the label the app keeps locally, and with the fields that
 * have a change in flight.
 */
export const proxyViewSchema = proxySchema.omit({ password: true }).extend({
  /** The local label, else the one the service sent. */
  label: z.string().nullable(),
  pending: z.object({
    rotation: z.boolean(),
    interval: z.boolean(),
    label: z.boolean(),
  }),
});
export type ProxyView = z.infer<typeof proxyViewSchema>;

export const planViewSchema = planSchema.omit({ proxies: true }).extend({
  proxies: z.array(proxyViewSchema),
});
export type PlanView = z.infer<typeof planViewSchema>;

/**
 * What the last refresh could not read, in one calm notice: what is hidden or unknown, and the
 * field paths (`[2].proxies[5].port: Expected a port …`) for a report to the provider.
 */
export const listingNoticeSchema = z.object({
  message: z.string(),
  details: z.string(),
});
export type ListingNotice = z.infer<typeof listingNoticeSchema>;

/** How fresh the plans are: small, and sent alone when a refresh found nothing new. */
export const plansStatusSchema = z.object({
  updatedAt: z.iso.datetime().nullable(),
  refreshing: z.boolean(),
  /** The last refresh's failure; the plans are then the last good data. */
  error: ipcErrorSchema.nullable(),
  /** What the plans leave out because it could not be read. */
  notice: listingNoticeSchema.nullable(),
});
export type PlansStatus = z.infer<typeof plansStatusSchema>;

/**
 * Counts every update the main process announces. A snapshot at revision R holds every update up
 * to R; an update above it comes after. The popup uses it to order answers and events, which may
 * cross on their way.
 */
export const revisionSchema = z.int().nonnegative();

/**
 * Everything the popup needs to draw the plan list and its freshness. Built without `plans`
 * here: the main process sends plan views it has already checked (see trusted-plan-view.ts).
 */
export function plansSnapshotSchemaOf<Plans extends z.ZodType<PlanView>>(plan: Plans) {
  return plansStatusSchema.extend({
    accountId: z.string().nullable(),
    revision: revisionSchema,
    /** null until the first successful refresh of this account since the app started. */
    plans: z.array(plan).nullable(),
  });
}

/**
 * A snapshot with its plan views spelled out: the type the popup holds. No schema of it is
 * built: the contract's snapshot (plans-update.ts) trusts plan views checked when they were built.
 */
export type PlansSnapshot = z.infer<
  ReturnType<typeof plansSnapshotSchemaOf<typeof planViewSchema>>
>;
