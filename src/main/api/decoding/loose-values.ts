import { isHostName, isIPv4, isIPv6 } from '../../../shared/api/ip-address';

/*
 * Readers of single values as real services send them: each returns the value the spec means, or
 * undefined when the value cannot be understood without guessing. They accept another spelling
 * of the same value, never a different value: `"8080"` is 8080, but `"08080"`, `8080.5` and
 * `"8 080"` are not read at all.
 */

/** Decimal without a leading zero, a plus sign, or a minus sign on zero. */
const CANONICAL_INTEGER = /^(?:0|-?[1-9]\d*)$/;

/** A safe integer, or the same integer written as canonical decimal text. */
export function readInteger(value: unknown): number | undefined {
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) return undefined;
    // JSON.parse('-0') is -0: the same integer as 0, kept as 0.
    return value === 0 ? 0 : value;
  }
  if (typeof value !== 'string' || !CANONICAL_INTEGER.test(value)) return undefined;
  const number = Number(value);
  return Number.isSafeInteger(number) ? number : undefined;
}

export function readIntegerIn(value: unknown, min: number, max: number): number | undefined {
  const number = readInteger(value);
  // Stryker disable next-line ConditionalExpression: undefined >= min is false, so dropping the undefined check reads nothing more
  return number !== undefined && number >= min && number <= max ? number : undefined;
}

/** true/false, 1/0, or "true"/"false" in any case. */
export function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 1) return true;
  if (value === 0) return false;
  if (typeof value !== 'string') return undefined;
  const word = value.toLowerCase();
  if (word === 'true') return true;
  if (word === 'false') return false;
  return undefined;
}

/**
 * Where a proxy client connects: an IPv4 or IPv6 address (brackets around IPv6 are dropped, the
 * app adds them where a port follows) or a host name, lower-cased.
 */
export function readHost(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  const unbracketed = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  if (isIPv6(unbracketed)) return unbracketed;
  // Stryker disable next-line ConditionalExpression: bracketed text that is not IPv6 fails the IPv4 and host name checks below too; this says so first
  if (unbracketed !== text) return undefined;
  if (isIPv4(text)) return text;
  return isHostName(text) ? text.toLowerCase() : undefined;
}

export function readIPv4(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return isIPv4(text) ? text : undefined;
}

export function readIPv6(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  return isIPv6(text) ? text : undefined;
}

/** Any text, empty included: a value that is only shown. */
export function readString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

/** Text that is there: a non-empty string, kept as it is (credentials are used to the letter). */
export function readText(value: unknown): string | undefined {
  return typeof value === 'string' && value.length > 0 ? value : undefined;
}

/** What a service sends for "no value": the field missing, null, or an empty string. */
export function isAbsent(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}
