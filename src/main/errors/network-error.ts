const DNS_CODES = new Set(['ENOTFOUND', 'EAI_AGAIN', 'EAI_FAIL', 'EAI_NODATA', 'EAI_NONAME']);
const NETWORK_CODES = new Set([
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ETIMEDOUT',
  'ECONNABORTED',
]);
/** OpenSSL's certificate verdicts, which Node reports as the error code. */
const CERTIFICATE_CODE = /CERT|SELF_SIGNED|UNABLE_TO_(GET|VERIFY)|HOSTNAME_MISMATCH/;
/**
 * The socks client re-wraps a socket error in an error of its own keeping only the message
 * ("connect ECONNREFUSED 127.0.0.1:1080"), so the code is read back from the text.
 */
const CODE_IN_MESSAGE = /\b(E[A-Z]{4,}|EAI_[A-Z]+)\b/;

/**
 * A network error as the proxy check, the echo probe and a local port's upstream all word it: its
 * kind, and the code when it is one worth showing (a code, unlike an error's text, cannot hold a
 * password). It sits below those features so that none of them imports another to read an error.
 */
export interface NetworkError {
  kind: 'refused' | 'dns' | 'tls' | 'certificate' | 'broken';
  /** The code for TLS, certificate and known network failures; null when it says nothing. */
  code: string | null;
  /** The host a DNS lookup failed for, when the error names it. */
  hostname: string | null;
}

export function networkErrorOf(error: unknown): NetworkError {
  const code = codeOf(error, error instanceof Error ? error.message : '');
  const hostname = hostnameOf(error);
  if (code === 'ECONNREFUSED') return { kind: 'refused', code: null, hostname };
  if (DNS_CODES.has(code)) return { kind: 'dns', code: null, hostname };
  if (code.startsWith('ERR_TLS_') || code.startsWith('ERR_SSL_') || code === 'EPROTO') {
    return { kind: 'tls', code, hostname };
  }
  if (CERTIFICATE_CODE.test(code)) return { kind: 'certificate', code, hostname };
  return { kind: 'broken', code: NETWORK_CODES.has(code) ? code : null, hostname };
}

function codeOf(error: unknown, message: string): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code === 'string') return code;
  return CODE_IN_MESSAGE.exec(message)?.[1] ?? '';
}

function hostnameOf(error: unknown): string | null {
  const hostname = (error as { hostname?: unknown } | null)?.hostname;
  return typeof hostname === 'string' ? hostname : null;
}
