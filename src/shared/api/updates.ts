import { z } from 'zod';
import { labelTextSchema } from './label-text';
import { MAX_LABEL_LENGTH, MAX_ROTATE_INTERVAL_SECONDS } from './limits';

/**
 * Spec 4.4–4.6: the three proxy updates, request and response. The spec sets no bounds on the
 * interval or the label; the ones here only refuse values no person means to send.
 */

export { MAX_LABEL_LENGTH, MAX_ROTATE_INTERVAL_SECONDS };

/** Ids the app sends: checked before sending, with messages a user can read. */
const proxyId = z
  .int('A proxy id must be a whole number.')
  .positive('A proxy id must be a positive number.');

export const rotationUpdateSchema = z.object({
  id: proxyId,
  is_rotating: z.boolean('Rotation must be turned on or off (true or false).'),
});
export type RotationUpdate = z.infer<typeof rotationUpdateSchema>;

/** 4.4: the rotation value now in effect, which may differ from the one asked for. */
export const rotationResultSchema = z.object({ is_rotating: z.boolean() });

export const rotateIntervalUpdateSchema = z.object({
  id: proxyId,
  rotate_interval: z
    .int('The rotation interval must be a whole number of seconds.')
    .min(1, 'The rotation interval must be at least 1 second.')
    .max(MAX_ROTATE_INTERVAL_SECONDS, 'The rotation interval must be at most one year.'),
});
export type RotateIntervalUpdate = z.infer<typeof rotateIntervalUpdateSchema>;

/** 4.5: `success: false` is a refusal the client reports as an error. */
export const rotateIntervalResultSchema = z.object({ success: z.boolean() });

export const labelUpdateSchema = z.object({
  id: proxyId,
  label: labelTextSchema('The label must be text.'),
});
export type LabelUpdate = z.infer<typeof labelUpdateSchema>;

/** 4.6: the bare JSON value `true`, not an object. */
export const labelResultSchema = z.literal(true);
