import { decodePlanListing } from '../../src/main/api/decoding/listing-decoder';
import { loosePlanListing } from '../../tools/reference-service/loose-dialect';
import { benchAccount } from './bench-account';
import { medianMs, report } from './measure';

/**
 * How much reading a 10,000-proxy listing costs next to merely parsing it: the listing is the
 * largest answer the app receives, on every refresh, and the tolerant decoder reads each plan and
 * proxy on its own. Goal: validate_vs_parse_ratio <= 1.5 on a listing as the spec writes it;
 * decode_loose_10k_ms is the same listing as a loose service writes it (strings for numbers,
 * 0/1 booleans, other timestamp spellings, wrapped).
 */
export function benchListingValidation(): void {
  const { plans } = benchAccount();
  const text = JSON.stringify(plans);
  const parsed: unknown = JSON.parse(text);
  const loose: unknown = JSON.parse(JSON.stringify(loosePlanListing(plans, 1)));

  // Alternate the two so that a slow stretch of the machine falls on both alike.
  const parseRounds: number[] = [];
  const validateRounds: number[] = [];
  for (let block = 0; block < 5; block += 1) {
    parseRounds.push(medianMs(() => JSON.parse(text), 9, 2));
    validateRounds.push(medianMs(() => decodePlanListing(parsed), 9, 2));
  }
  const parseMs = median(parseRounds);
  const validateMs = median(validateRounds);
  const looseMs = medianMs(() => decodePlanListing(loose), 15, 3);

  report('listing_10k_bytes', Buffer.byteLength(text));
  report('json_parse_10k_ms', parseMs);
  report('validate_10k_ms', validateMs);
  report('decode_loose_10k_ms', looseMs);
  report('validate_vs_parse_ratio', validateMs / parseMs);

  // The same cost per proxy at every size: reading grows with the listing and with nothing else.
  for (const [name, plansCount] of [
    ['1k', 10],
    ['100k', 1_000],
  ] as const) {
    const sized = benchAccount({ plans: plansCount }).plans;
    const sizedText = JSON.stringify(sized);
    const sizedLoose = JSON.stringify(loosePlanListing(sized, 1));
    report(
      `decode_${name}_ms`,
      medianMs(() => decodePlanListing(JSON.parse(sizedText)), 5, 1),
    );
    report(
      `decode_loose_${name}_ms`,
      medianMs(() => decodePlanListing(JSON.parse(sizedLoose)), 5, 1),
    );
  }
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
