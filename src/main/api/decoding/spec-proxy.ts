import { isIPv4, isIPv6 } from '../../../shared/api/ip-address';
import type { Proxy } from '../../../shared/api';

/*
 * A proxy exactly as the spec writes it (2.3), the form nearly every proxy of a listing has. The
 * decoder tries it first. Plain checks rather than a zod object: on a 10,000-proxy listing zod's
 * per-object work cost 0.7–2× JSON.parse, these checks about 0.2×, on every refresh. A proxy in
 * any other form goes to the loose reader, which gives the same result for the same proxy (the
 * property tests hold the two to that, and hold both to the app's zod model).
 */

// Stryker disable next-line ArrowFunction: declining every value sends every proxy to the loose reader, which reads it the same
// `typeof value === 'number'` as true or false is equivalent, left to survive: isSafeInteger
// declines every other type anyway, and declining all sends every proxy to the loose reader.
const isIntegerIn = (value: unknown, min: number, max: number): value is number =>
  // Stryker disable next-line EqualityOperator,StringLiteral: each variant only declines more values (no safe integer is below MIN_SAFE_INTEGER or above MAX_SAFE_INTEGER, which plan_ip_class checks); the loose reader reads those the same
  typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
// `typeof value === 'string'` as false, or 'string' as "", declines every value: equivalent, left
// to survive, as every proxy then goes to the loose reader, which reads it the same.
// Stryker disable next-line ArrowFunction: declining every value sends every proxy to the loose reader, which reads it the same
const isFilled = (value: unknown): value is string => typeof value === 'string' && value !== '';
// Declining every value (`typeof` as false, `||` as `&&`) is equivalent, left to survive: every
// proxy then goes to the loose reader, which reads it the same.
// Stryker disable next-line ArrowFunction: declining every value sends every proxy to the loose reader, which reads it the same
const isAddress = (value: unknown): value is string =>
  // Stryker disable next-line StringLiteral: declining every value sends every proxy to the loose reader, which reads it the same
  typeof value === 'string' && (isIPv4(value) || isIPv6(value));

/**
 * The proxy when it is in the spec's form, else undefined: a fresh object with the model's fields
 * only, so that nothing else a service adds travels on. An empty label is none (the loose reader
 * says so), and -0 is left to the loose reader, which reads it as 0.
 */
// Stryker disable next-line BlockStatement: without the fast path every proxy goes to the loose reader, which reads it the same
export function readSpecProxy(raw: unknown): Proxy | undefined {
  // Stryker disable next-line StringLiteral: no typeof is "", so every proxy would go to the loose reader, which reads it the same
  // Equivalent, left to survive: `typeof raw !== 'object'` as true, as false or as `===` (text,
  // numbers and booleans have no proxy fields and are declined below; declining more sends them
  // to the loose reader). Letting `null` through is not: its fields cannot be read.
  if (typeof raw !== 'object' || raw === null) return undefined;
  const p = raw as Record<string, unknown>;
  const { id, username, password, ip, port, is_rotating, rotate_interval, plan_ip_class } = p;
  // Stryker disable next-line StringLiteral: no address at all is declined below and read by the loose reader the same
  const ipv4 = p['assigned_proxy_ipv4'];
  // Stryker disable next-line StringLiteral: no address at all is declined below and read by the loose reader the same
  const ipv6 = p['assigned_proxy_ipv6'];
  const label = p['label'];
  if (
    // Stryker disable next-line ConditionalExpression: declining every proxy sends it to the loose reader, which reads it the same
    !isIntegerIn(id, 1, Number.MAX_SAFE_INTEGER) ||
    !isFilled(username) ||
    !isFilled(password) ||
    !isAddress(ip) ||
    !isIntegerIn(port, 1, 65_535) ||
    // Stryker disable next-line StringLiteral: no typeof is "", so every proxy would go to the loose reader, which reads it the same
    typeof ipv4 !== 'string' ||
    !isIPv4(ipv4) ||
    // Stryker disable next-line StringLiteral: no typeof is "", so every proxy would go to the loose reader, which reads it the same
    typeof ipv6 !== 'string' ||
    !isIPv6(ipv6) ||
    // Stryker disable next-line StringLiteral: no typeof is "", so every proxy would go to the loose reader, which reads it the same
    typeof is_rotating !== 'boolean' ||
    !isIntegerIn(rotate_interval, 0, Number.MAX_SAFE_INTEGER) ||
    Object.is(rotate_interval, -0) ||
    !isIntegerIn(plan_ip_class, Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) ||
    Object.is(plan_ip_class, -0) ||
    // Stryker disable next-line ConditionalExpression,LogicalOperator: a variant that declines a missing label too sends it to the loose reader, which reads it the same
    (label !== undefined && label !== null && !isFilled(label))
  ) {
    return undefined;
  }
  return {
    id,
    username,
    password,
    ip,
    port,
    assigned_proxy_ipv4: ipv4,
    assigned_proxy_ipv6: ipv6,
    is_rotating,
    rotate_interval,
    plan_ip_class,
    label: label ?? null,
  };
}
