import { z } from 'zod';
import { isoTimestamp, nonNegativeInteger, resourceId } from './primitives';
import { proxySchema } from './proxy';

/**
 * Spec 2.2: a plan with the proxies assigned to it, as the app holds it. Timestamps are in one
 * form (UTC, `2025-03-01T10:00:00Z`) whatever form the service used; null when unreadable, so
 * that a plan is kept with "expiry unknown" rather than lost.
 */
export const planSchema = z.object({
  id: resourceId,
  name: z.string(),
  creation_date: isoTimestamp.nullable(),
  expire_date: isoTimestamp.nullable(),
  is_blocked: z.boolean(),
  proxy_limit: nonNegativeInteger.nullable(),
  proxies: z.array(proxySchema),
});

export type Plan = z.infer<typeof planSchema>;
