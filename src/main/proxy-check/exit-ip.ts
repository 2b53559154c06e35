import { isIPv4, isIPv6 } from '../../shared/api/ip-address';
import type { ExitIpMatch } from '../../shared/proxy-check/check-reasons';

/** `::ffff:` then two hex groups, as the URL parser prints an IPv4-mapped address. */
const IPV4_MAPPED = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/**
 * The one spelling of an address, so that two spellings of it compare equal: IPv6 in RFC 5952
 * form (lowercase, no leading zeros, the longest zero run as `::`), and an IPv4-mapped IPv6
 * address as the IPv4 address it carries, which is what a dual-stack echo server reports for an
 * IPv4 client. Null for anything that is not an address.
 */
export function canonicalIp(text: string): string | null {
  if (isIPv4(text)) return text;
  if (!isIPv6(text)) return null;
  // The WHATWG URL parser already serialises IPv6 hosts the RFC 5952 way.
  const canonical = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  const mapped = IPV4_MAPPED.exec(canonical);
  if (!mapped) return canonical;
  const high = Number.parseInt(mapped[1] ?? '', 16);
  const low = Number.parseInt(mapped[2] ?? '', 16);
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

/**
 * The address in an echo service's answer: a bare address in text (ipify, icanhazip), or JSON
 * with `ip` (ipify's JSON, ifconfig.co) or `origin` (httpbin, which lists every hop as "a, b": the
 * first one is the client as the service saw it). Null when the body holds no address.
 */
export function exitIpFromEchoBody(body: string): string | null {
  const text = body.trim();
  const candidate = text.startsWith('{') ? addressFieldOf(text) : text;
  return candidate === null ? null : canonicalIp(candidate);
}

function addressFieldOf(json: string): string | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const fields = parsed as Record<string, unknown>;
  if (typeof fields.ip === 'string') return fields.ip.trim();
  if (typeof fields.origin === 'string') return (fields.origin.split(',')[0] ?? '').trim();
  return null;
}

/**
 * Which assigned address the exit address is, whatever the spelling of either. An address the
 * service did not name (null) is skipped; with neither named there is nothing to compare.
 */
export function exitIpMatch(
  exitIp: string,
  assigned: { ipv4: string | null; ipv6: string | null },
): ExitIpMatch {
  if (assigned.ipv4 === null && assigned.ipv6 === null) return 'unassigned';
  const exit = canonicalIp(exitIp);
  if (exit === null) return 'none';
  if (assigned.ipv4 !== null && exit === canonicalIp(assigned.ipv4)) return 'ipv4';
  if (assigned.ipv6 !== null && exit === canonicalIp(assigned.ipv6)) return 'ipv6';
  return 'none';
}
