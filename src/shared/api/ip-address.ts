/**
 * IP address checks written out by hand: a 10,000-proxy listing holds 30,000 addresses, and
 * zod's IPv6 check (a long regex plus a URL parse) alone cost more than parsing the JSON.
 * Semantics follow Node's `net.isIPv4`/`net.isIPv6` (the tests compare the two), minus zone ids.
 */

const DOT = 46;
const COLON = 58;

/** Dotted decimal, four parts 0–255, no leading zeros. */
export function isIPv4(text: string): boolean {
  return ipv4End(text, 0) === text.length;
}

/** Eight hex groups, `::` standing for one or more zero groups, optionally ending in IPv4. */
export function isIPv6(text: string): boolean {
  const length = text.length;
  if (length < 2 || length > 45) return false;
  let groups = 0;
  let compressed = false;
  let index = 0;
  if (text.charCodeAt(0) === COLON) {
    if (text.charCodeAt(1) !== COLON) return false;
    compressed = true;
    index = 2;
    if (index === length) return true;
  }
  while (index < length) {
    const groupEnd = hexGroupEnd(text, index);
    if (groupEnd === index) return false;
    if (groupEnd < length && text.charCodeAt(groupEnd) === DOT) {
      // An embedded IPv4 address takes the place of the last two groups.
      if (ipv4End(text, index) !== length) return false;
      groups += 2;
      break;
    }
    if (groupEnd - index > 4) return false;
    groups += 1;
    index = groupEnd;
    if (index === length) break;
    if (text.charCodeAt(index) !== COLON) return false;
    index += 1;
    if (index < length && text.charCodeAt(index) === COLON) {
      if (compressed) return false;
      compressed = true;
      index += 1;
      if (index === length) break;
    } else if (index === length) {
      return false;
    }
  }
  return compressed ? groups < 8 : groups === 8;
}

/** Index just past the IPv4 address starting at `start`, or -1 when there is none. */
function ipv4End(text: string, start: number): number {
  let index = start;
  for (let part = 0; part < 4; part += 1) {
    if (part > 0) {
      if (text.charCodeAt(index) !== DOT) return -1;
      index += 1;
    }
    const partStart = index;
    let value = 0;
    while (index < text.length && index - partStart < 4) {
      const digit = text.charCodeAt(index) - 48;
      if (digit < 0 || digit > 9) break;
      value = value * 10 + digit;
      index += 1;
    }
    const digits = index - partStart;
    if (digits === 0 || digits > 3 || value > 255) return -1;
    if (digits > 1 && text.charCodeAt(partStart) === 48) return -1;
  }
  return index;
}

/** Index just past the run of hex digits starting at `start`. */
function hexGroupEnd(text: string, start: number): number {
  let index = start;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    const isHex =
      (code >= 48 && code <= 57) || (code >= 65 && code <= 70) || (code >= 97 && code <= 102);
    if (!isHex) break;
    index += 1;
  }
  return index;
}

const HOST_LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/i;

/**
 * A DNS host name (RFC 1123): dot-separated labels of letters, digits and inner hyphens, at most
 * 253 characters, not all digits at the end (that would be a malformed IPv4 address instead).
 */
export function isHostName(text: string): boolean {
  if (text.length === 0 || text.length > 253) return false;
  const labels = (text.endsWith('.') ? text.slice(0, -1) : text).split('.');
  const last = labels[labels.length - 1] ?? '';
  if (/^\d+$/.test(last)) return false;
  return labels.every((label) => HOST_LABEL.test(label));
}
