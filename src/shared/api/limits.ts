/*
 * Bounds the app puts on what it sends (the spec gives none): only values no person means to send
 * are refused. Plain constants, no zod, so that the popup can import them.
 */

export const MAX_ROTATE_INTERVAL_SECONDS = 365 * 24 * 60 * 60;
export const MAX_LABEL_LENGTH = 1_000;
