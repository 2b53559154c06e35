import { z } from 'zod';

/** An alert as the popup lists it: what the desktop notification said, and the plan it is about. */
export const alertViewSchema = z.object({
  key: z.string(),
  kind: z.enum(['plan-expiring', 'plan-expired', 'plan-blocked', 'token-expiring']),
  planId: z.int().positive().optional(),
  title: z.string(),
  body: z.string(),
});
export type AlertView = z.infer<typeof alertViewSchema>;
