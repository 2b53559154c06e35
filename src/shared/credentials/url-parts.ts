/**
 * Pieces of proxy URLs. Userinfo is encoded more strictly than `encodeURIComponent` does: the
 * sub-delimiters it leaves alone (`! ' ( ) *`) are legal in userinfo, but some proxy clients trip
 * on them and a `'` would complicate shell quoting, so every character outside
 * `A-Z a-z 0-9 - _ . ~` is percent-encoded. Decoding gives back the exact text either way.
 */

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const SUB_DELIMITERS_LEFT_BY_ENCODE_URI_COMPONENT = /[!'()*]/g;

export function encodeUserinfo(text: string): string {
  // A lone surrogate has no UTF-8 form (encodeURIComponent would throw); it becomes U+FFFD,
  // as it would in any UTF-8 text the credential ends up in.
  return encodeURIComponent(text.replace(LONE_SURROGATE, '\uFFFD')).replace(
    SUB_DELIMITERS_LEFT_BY_ENCODE_URI_COMPONENT,
    (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `host:port` as URLs and `user:pass@host:port` write it: IPv6 addresses go in brackets. */
export function hostAndPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}
