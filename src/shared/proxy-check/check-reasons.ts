/* Plain constants of the proxy check, no zod: the popup imports them to word its statuses. */

/** Why a check failed, as the user can act on it. */
export const CHECK_FAILURE_REASONS = [
  /** The proxy answered 407 or refused the SOCKS5 username/password. */
  'auth_refused',
  /** No answer within the check's deadline. */
  'timeout',
  /** Nothing listens at the proxy's address and port. */
  'connection_refused',
  /** A host name (the echo service's) could not be resolved. */
  'dns',
  /** The tunnel opened but TLS to the echo service failed. */
  'tls',
  /** The proxy answered but would not tunnel (a 5xx, a SOCKS5 refusal). */
  'proxy_error',
  /** The echo service answered something that is not an IP address, or an error status. */
  'echo_error',
  /**
   * The echo service failed when asked directly, without any proxy, as a run began: no proxy
   * was checked, and the fault is the echo's (or this computer's connection), not the proxies'.
   */
  'echo_unreachable',
  /** Any other network failure (reset, unreachable network). */
  'network',
] as const;
export type CheckFailureReason = (typeof CHECK_FAILURE_REASONS)[number];

/** How the check talks to the proxy: its entry point speaks HTTP CONNECT, SOCKS5, or both. */
export const CHECK_PROTOCOLS = ['http', 'socks5'] as const;
export type CheckProtocol = (typeof CHECK_PROTOCOLS)[number];

/**
 * Which of the proxy's assigned addresses the exit IP equals: `none` when it is neither, and
 * `unassigned` when the service named no assigned address to compare with.
 */
export const EXIT_IP_MATCHES = ['ipv4', 'ipv6', 'none', 'unassigned'] as const;
export type ExitIpMatch = (typeof EXIT_IP_MATCHES)[number];

export const CHECK_CONCURRENCY_MAX = 32;
/** The deadline of one check, from opening the connection to the echo's last byte. */
export const CHECK_TIMEOUT_MS = 15_000;
