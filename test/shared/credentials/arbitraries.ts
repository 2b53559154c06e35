import fc from 'fast-check';
import type { HostChoice, ProxyCredentials } from '../../../src/shared/credentials';

/** Characters with a meaning in URLs, shells or templates, drawn often so every run has some. */
const MEANINGFUL = [...'@:/%#?&+=[] \'"$!`\\{}*()~;,|<>^\t\n'];

/** Any Unicode text (astral code points included, lone surrogates excluded), rich in MEANINGFUL. */
export const credentialText = fc.string({
  unit: fc.oneof(
    fc.constantFrom(...MEANINGFUL),
    fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }),
  ),
  maxLength: 40,
});

export const proxyCredentials: fc.Arbitrary<ProxyCredentials> = fc.record({
  ip: fc.ipV4(),
  port: fc.integer({ min: 1, max: 65_535 }),
  username: credentialText,
  password: credentialText,
  assigned_proxy_ipv4: fc.ipV4(),
  assigned_proxy_ipv6: fc.ipV6(),
});

export const hostChoice: fc.Arbitrary<HostChoice> = fc.constantFrom('entry', 'ipv4', 'ipv6');
