import { z } from 'zod';
import { isIPv4, isIPv6 } from './ip-address';

/**
 * Field types shared by the service's resources. They follow the spec's tables: integers are
 * integers, timestamps are ISO 8601, addresses are real addresses. Lenient where the spec is
 * loose (a timestamp may carry an offset or none), strict where the app relies on a value.
 *
 * Each field is one check: zod's cost grows with the number of checks, and the plan listing runs
 * them on every field of up to 10,000 proxies at each refresh.
 */

/** An integer (exactly representable) within bounds, as a single check. */
export function integerIn(min: number, max: number, message: string) {
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
export const ipAddress = z
  .string()
  .refine((text) => isIPv4(text) || isIPv6(text), 'Invalid IP address');

/** ISO 8601 date and time; the spec says "UTC" for users only, so an offset or none is accepted. */
export const isoTimestamp = z.iso.datetime({ offset: true, local: true });

/**
 * The spec says "UUID" without naming a version; the 8-4-4-4-12 hex form is checked, not the
 * RFC 9562 version and variant bits, so that a server's non-RFC generator does not lock users out.
 */
export const uuid = z.guid();
