import { secretFragmentSpans } from './secret-fragments';

/** What stands where a secret was, in messages and log lines alike. */
export const MASK = '[redacted]';

/*
 * Every pattern below tries a match only where one can start: at the beginning of a run of the
 * characters it reads (the lookbehinds), never again inside the run. A pattern that may start at
 * every character of a long run and read to its end each time costs the square of the run: 64 KB
 * of a hostile error body would hold the app for seconds.
 */

/**
 * header.payload.signature, the header always starting `{"` → `eyJ`, even glued to what comes
 * before it (`\neyJ…` in an escaped line, `%22eyJ…` in a query). Read as the whole run that holds
 * the `eyJ`, taken at once (the `(?=(…))\1` idiom: no backtracking into it), then two dotted
 * segments; the mask starts at the `eyJ`.
 */
const JWT_SHAPE = /(?<![\w-])(?=[\w-]*?eyJ)(?=([\w-]*))\1\.[\w-]*\.[\w-]*/g;
/**
 * An `Authorization` or `Proxy-Authorization` header's credentials, whatever the scheme, as a
 * header line, a JSON field or a query: the scheme stays, for whoever reads the line.
 */
const AUTHORIZATION_VALUE =
  /(authorization["']?\s*[:=]\s*["']?)((?:bearer|basic|token|digest)\s+)?[^\s"'&,;}]+/gi;
/** Credentials never hold `&` (RFC 9110's token68): in a query it starts the next field. */
const BEARER_VALUE = /(bearer\s+)[^\s"'&,;}]+/gi;
/**
 * A field named like a secret (`password=…`, `"token": "…"`, `api_key: …`, `clientSecret=…`),
 * quoted or not. The name must end in the secret word: `tokenExpiresAt` is not a secret. A quoted
 * value runs over escaped quotes (JSON's `\"`) to its closing quote, or to the end of a text cut
 * short before it.
 */
// `[\S\S]` for `[\s\S]` in an escape is equivalent, left to survive: a blank after a backslash is
// read as an ordinary character instead, and the value ends at the same quote.
const SECRET_FIELD =
  /(?<![\w-])([\w-]*(?:password|passwd|secret|token|api[-_]?key)["']?\s*[:=]\s*)("(?:[^"\\]|\\[\s\S]?)*(?:"|$)|'(?:[^'\\]|\\[\s\S]?)*(?:'|$)|[^\s"'&,;}]+)/gi;
/**
 * `user:password@` in a proxy URL (`http://user:pass@host`, `socks5://…`) or the app's own
 * `username:password@ip:port` copy format: the password goes, the username stays for support.
 */
// Within a run (below), `\S` for `\s` in the lookbehind is equivalent, left to survive: the run
// holds no blank.
const USERINFO_PASSWORD =
  /(?<![^\s:@/\\'"<>()[\]{},;=])([^\s:@/\\'"<>()[\]{},;=]+):[^\s@/\\'"<>]+@/;
/**
 * A run of the characters a password may hold and the `@` after it: the only place a
 * `user:password@` can be. Looked for first, so that a long run with no `@` after it is read once,
 * not once from every `:` in it.
 */
const BEFORE_AT = /(?<![^\s@/\\'"<>])[^\s@/\\'"<>]+@/g;
/**
 * A URL whose user info has no password (`https://ghp_abc123@host/`): there the one part is the
 * credential (a token or key passed as a user name), so all of it goes.
 */
const USERINFO_ALONE = /(:\/\/)(?<=\b[a-z][\w+.-]*:\/\/)[^\s:@/\\'"<>]+@/gi;
/** The `ip:port:username:password` copy format, with an IPv4, a bracketed IPv6 or a host name. */
const HOST_PORT_USER_PASSWORD =
  /(?<![\w.:-])((?:\d{1,3}\.){3}\d{1,3}|\[[\da-f:.]+\]|(?:[a-z\d-]+\.)+[a-z][a-z\d-]*):(\d{1,5}):([^\s:@'"]+):[^\s:@'"]+/gi;

/**
 * Removes secrets from text before it reaches a message or a log line: the secrets named (the
 * tokens the app holds; a server may echo the request), whole or any piece of 12 characters or
 * more, and anything shaped like one — a JWT, an Authorization header's credentials, a field
 * named password/token/secret/api key, credentials in a URL or in a proxy's `ip:port:user:pass`.
 * Masking too much is the safe mistake. Run it on the whole text before cutting it short: a cut
 * through a secret leaves a piece no shape recognises.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  return maskSecrets(text, secrets)
    .replace(JWT_SHAPE, (run) => run.slice(0, run.indexOf('eyJ')) + MASK)
    .replace(AUTHORIZATION_VALUE, `$1$2${MASK}`)
    .replace(BEARER_VALUE, `$1${MASK}`)
    .replace(SECRET_FIELD, (_match, name: string, value: string) => {
      // Stryker disable next-line MethodExpression: equivalent, a value starts with a quote exactly when it ends with one (the pattern's alternatives)
      const quote = value.startsWith('"') || value.startsWith("'") ? value[0] : '';
      return `${name}${quote}${MASK}${quote}`;
    })
    .replace(HOST_PORT_USER_PASSWORD, `$1:$2:$3:${MASK}`)
    .replace(BEFORE_AT, (piece) => piece.replace(USERINFO_PASSWORD, `$1:${MASK}@`))
    .replace(USERINFO_ALONE, `$1${MASK}@`);
}

/**
 * Only the secrets named, wherever they occur, whole or in pieces of 12 characters or more (see
 * secretFragmentSpans): e.g. an opaque token, which has no shape, or the signature segment of a
 * JWT echoed on its own.
 */
export function maskSecrets(text: string, secrets: Iterable<string>): string {
  const spans = secretFragmentSpans(text, secrets);
  // A shortcut only: without it the loop below returns the same text (its `false` mutant is equivalent).
  if (spans.length === 0) return text;
  let clean = '';
  let kept = 0;
  for (const { start, end } of spans) {
    clean += text.slice(kept, start) + MASK;
    kept = end;
  }
  return clean + text.slice(kept);
}
