import { z } from 'zod';
import { isoTimestamp, nonNegativeInteger, resourceId } from './primitives';
import { proxySchema } from './proxy';

/** Spec 2.2: a plan with the proxies assigned to it. */
export const planSchema = z.object({
  id: resourceId,
  name: z.string(),
  creation_date: isoTimestamp,
  expire_date: isoTimestamp,
  is_blocked: z.boolean(),
  proxy_limit: nonNegativeInteger,
  proxies: z.array(proxySchema),
});

export type Plan = z.infer<typeof planSchema>;

/** Spec 4.3: GET /users/plans answers a bare array of plans. */
export const planListSchema = z.array(planSchema);
