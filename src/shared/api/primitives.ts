import { z } from 'zod';
import { isHostName, isIPv4, isIPv6 } from './ip-address';

/**
 * Field types of the resources as the app holds them, once read from the service (the service's
 * own spellings are the decoders' business, src/main/api/decoding): integers are integers,
 * timestamps are in one form, addresses are real addresses. Each field is one check: zod's cost
 * grows with the number of checks, and a popup snapshot can hold 100,000 proxies.
 */

/** An integer (exactly representable) within bounds, as a single check. */
function integerIn(min: number, max: number, message: string) {
  return z
    .number()
    .refine((value) => Number.isSafeInteger(value) && value >= min && value <= max, message);
}

export const integer = integerIn(
  Number.MIN_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER,
  'Expected an integer',
);
export const nonNegativeInteger = integerIn(
  0,
  Number.MAX_SAFE_INTEGER,
  'Expected an integer of 0 or more',
);
/** Identifiers the app sends back in update requests. */
export const resourceId = integerIn(1, Number.MAX_SAFE_INTEGER, 'Expected a positive integer id');
/** A TCP port a proxy client can connect to. */
export const port = integerIn(1, 65_535, 'Expected a port number from 1 to 65535');

export const ipv4 = z.string().refine(isIPv4, 'Invalid IPv4 address');
export const ipv6 = z.string().refine(isIPv6, 'Invalid IPv6 address');

/** Where a proxy client connects: an IP address or a DNS host name (gateway-style providers). */
export const proxyHost = z
  .string()
  .refine(
    (text) => isIPv4(text) || isIPv6(text) || isHostName(text),
    'Expected an IP address or a host name',
  );

/** ISO 8601 date and time in UTC, the one form the app keeps timestamps in. */
export const isoTimestamp = z.iso.datetime();
