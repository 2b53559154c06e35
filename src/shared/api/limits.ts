/*
 * Bounds the app puts on what it sends (the spec gives none): only values no person means to send
 * are refused. Plain constants, no zod, so that the popup can import them.
 */

export const MAX_ROTATE_INTERVAL_SECONDS = 365 * 24 * 60 * 60;
/** In characters as a person sees them (see visibleLength). */
export const MAX_LABEL_LENGTH = 1_000;
/**
 * The most UTF-16 units a label may take, whatever it shows: a character can be built of many
 * (a family emoji takes 11), so this only stops text nobody types (a paste of combining marks).
 */
export const MAX_LABEL_UNITS = MAX_LABEL_LENGTH * 16;
