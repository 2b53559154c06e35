// Text forms of IP addresses, so generated data is valid for any strict IPv4/IPv6 parser.

export function formatIPv4(octets: readonly [number, number, number, number]): string {
  return octets.join('.');
}

/** RFC 5952 canonical form: lowercase, no leading zeros, longest run (>= 2) of zero groups as `::`. */
export function formatIPv6(groups: readonly number[]): string {
  if (groups.length !== 8) throw new Error('An IPv6 address has 8 groups');
  let bestStart = -1;
  let bestLength = 0;
  for (let start = 0; start < 8;) {
    if (groups[start] !== 0) {
      start++;
      continue;
    }
    let end = start;
    while (end < 8 && groups[end] === 0) end++;
    if (end - start > bestLength) {
      bestStart = start;
      bestLength = end - start;
    }
    start = end;
  }
  const hex = groups.map((group) => group.toString(16));
  if (bestLength < 2) return hex.join(':');
  const head = hex.slice(0, bestStart).join(':');
  const tail = hex.slice(bestStart + bestLength).join(':');
  return `${head}::${tail}`;
}
