/** A 100,000-proxy listing is about 25 MB; anything far beyond is not a listing. */
export const MAX_RESPONSE_BYTES = 64 * 1024 * 1024;
