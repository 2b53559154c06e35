import fc from 'fast-check';
import type { Proxy } from '../../../src/shared/api';
import type { ExportedProxy } from '../../../src/shared/export/exported-proxy';

/**
 * Characters that break CSV or trip spreadsheets: the formula starts (= + - @, tab, CR, per
 * OWASP), the apostrophe the guard adds, quotes, commas, line breaks, and non-ASCII text (accents,
 * an astral emoji, a right-to-left override, a zero-width joiner, NUL).
 */
const HOSTILE = [...'=+-@\t\r\n",\'; ', 'é', '😀', '\u202e', '\u200d', '\u0000'];

/** Any Unicode text (lone surrogates excluded), rich in HOSTILE characters. */
const anyText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...HOSTILE),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 30,
});

/** Text that starts like a formula about half the time, as generated passwords often do. */
export const hostileText: fc.Arbitrary<string> = fc.oneof(
  anyText,
  fc
    .tuple(fc.constantFrom('=', '+', '-', '@', '\t', '\r', "'", '"', ','), anyText)
    .map(([start, rest]) => start + rest),
);

/** Numbers as the schema allows them, negative ones included where it does. */
const proxy: fc.Arbitrary<Proxy> = fc.record({
  id: fc.integer({ min: 1, max: 2 ** 31 }),
  username: hostileText,
  password: hostileText,
  // Hostile addresses too: whatever the listing holds must come back exactly.
  ip: hostileText,
  port: fc.integer({ min: 1, max: 65_535 }),
  assigned_proxy_ipv4: fc.option(hostileText),
  assigned_proxy_ipv6: fc.option(hostileText),
  is_rotating: fc.option(fc.boolean()),
  rotate_interval: fc.option(fc.nat()),
  plan_ip_class: fc.option(fc.integer({ min: -10, max: 10 })),
  label: fc.option(hostileText),
});

export const exportedProxy: fc.Arbitrary<ExportedProxy> = fc.record({
  plan: fc.record({ id: fc.integer({ min: 1, max: 2 ** 31 }), name: hostileText }),
  proxy,
  label: fc.option(hostileText),
});
