// Faults as they arrive as JSON over the control API. Strict, so a typo is an error, not a no-op.

import { z } from 'zod';
import type { Fault } from './faults';

const target = {
  method: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
  times: z.number().int().positive().optional(),
};
const latencyMs = z.number().int().min(0).max(600_000);
const status = z.number().int().min(200).max(599);
const headers = z.record(z.string(), z.string());

export const faultSchema: z.ZodType<Fault> = z.union([
  z.strictObject({ ...target, hang: z.literal(true) }),
  z.strictObject({ ...target, drop: z.literal(true), latencyMs: latencyMs.optional() }),
  z.strictObject({
    ...target,
    status,
    body: z.unknown().optional(),
    headers: headers.optional(),
    latencyMs: latencyMs.optional(),
  }),
  z.strictObject({ ...target, latencyMs }),
  z.strictObject({
    ...target,
    cutBody: z.literal(true),
    // A cut needs a body to cut: 204 and 304 never have one.
    status: status
      .refine((code) => code !== 204 && code !== 304, 'status must allow a body')
      .optional(),
    body: z.unknown().optional(),
    headers: headers.optional(),
  }),
  z.strictObject({ ...target, afterApply: z.enum(['drop', 'hang']) }),
  z.strictObject({
    ...target,
    throttle: z.strictObject({
      bytesPerChunk: z.number().int().min(1),
      chunkIntervalMs: z.number().int().min(0).max(60_000),
    }),
  }),
  z.strictObject({ ...target, stallAfterBytes: z.number().int().min(0) }),
]);
