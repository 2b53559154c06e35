import { z } from 'zod';
import {
  plansSnapshotSchemaOf,
  plansStatusSchema,
  proxyViewSchema,
  revisionSchema,
} from './plans-view';
import { trustedPlanViewSchema } from './trusted-plan-view';

/** A snapshot whose plan views the main process has checked (once, when it built them). */
export const trustedPlansSnapshotSchema = plansSnapshotSchemaOf(trustedPlanViewSchema);

const planId = z.int().positive();
const ofAccount = { accountId: z.string(), revision: revisionSchema };

/**
 * What the main process announces on `plans:changed`, each the least that says what changed:
 *
 * - `snapshot`: everything, once: the first listing of an account, another account, signed out.
 * - `plans`: a refresh changed some plans: those, whole, and the order of all of them.
 * - `status`: a refresh began or ended and the listing is what the popup holds.
 * - `proxy`: one proxy changed (a change pending, settled or rolled back; a label).
 */
export const plansUpdateSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('snapshot'), snapshot: trustedPlansSnapshotSchema }),
  plansStatusSchema.extend({
    kind: z.literal('plans'),
    ...ofAccount,
    /** Every plan's id in listing order; a plan not in `plans` is the one the popup holds. */
    order: z.array(planId),
    plans: z.array(trustedPlanViewSchema),
  }),
  plansStatusSchema.extend({ kind: z.literal('status'), ...ofAccount }),
  z.object({
    kind: z.literal('proxy'),
    ...ofAccount,
    planId,
    proxy: proxyViewSchema,
  }),
]);
export type PlansUpdate = z.infer<typeof plansUpdateSchema>;
