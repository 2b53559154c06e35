import { planListSchema } from '../../src/shared/api';
import { decodeResponse } from '../../src/main/api/response-decoding';
import { benchAccount } from './bench-account';
import { medianMs, report } from './measure';

/**
 * How much checking a 10,000-proxy listing costs next to merely parsing it: the listing is the
 * largest answer the app receives, on every refresh. Goal: validate_vs_parse_ratio <= 1.5.
 */
export function benchListingValidation(): void {
  const { plans } = benchAccount();
  const text = JSON.stringify(plans);
  const parsed: unknown = JSON.parse(text);

  // Alternate the two so that a slow stretch of the machine falls on both alike.
  const parseRounds: number[] = [];
  const validateRounds: number[] = [];
  for (let block = 0; block < 5; block += 1) {
    parseRounds.push(medianMs(() => JSON.parse(text), 9, 2));
    validateRounds.push(medianMs(() => planListSchema.parse(parsed), 9, 2));
  }
  const parseMs = median(parseRounds);
  const validateMs = median(validateRounds);
  const decodeMs = medianMs(() => decodeResponse(text, planListSchema, 'bench'), 15, 3);

  report('listing_10k_bytes', Buffer.byteLength(text));
  report('json_parse_10k_ms', parseMs);
  report('validate_10k_ms', validateMs);
  report('decode_10k_ms', decodeMs);
  report('validate_vs_parse_ratio', validateMs / parseMs);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
