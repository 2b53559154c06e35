import type { CheckFailureReason } from '../../shared/proxy-check/check-reasons';

/**
 * A check that ended in a known way, with the sentence the user reads. Messages are written here
 * and nowhere else, from the proxy's `host:port`, status codes and host names only, so that a
 * password can never reach them (the credentials are not even in scope).
 */
export class CheckFailure extends Error {
  override readonly name = 'CheckFailure';

  constructor(
    readonly reason: CheckFailureReason,
    message: string,
  ) {
    super(message);
  }
}

/** What the messages may name: the proxy's entry point and the echo service's host. */
export interface FailureContext {
  /** The proxy as `host:port` (`[v6]:port` for IPv6). */
  proxy: string;
  echoHost: string;
}

export const checkFailures = {
  invalidEchoUrl: () =>
    new CheckFailure('echo_error', 'The echo service address is not an http:// or https:// URL.'),

  timedOut: ({ proxy }: FailureContext, timeoutMs: number) =>
    new CheckFailure(
      'timeout',
      `The proxy ${proxy} did not complete the check within ${formatDuration(timeoutMs)}.`,
    ),

  connectRefusedStatus: ({ proxy, echoHost }: FailureContext, status: number) => {
    if (status === 407) {
      return new CheckFailure(
        'auth_refused',
        `The proxy ${proxy} refused the username or password (HTTP 407).`,
      );
    }
    if (status === 404) {
      // What proxies (the `proxy` package among them) answer when the target host does not resolve.
      return new CheckFailure(
        'dns',
        `The proxy ${proxy} could not find the echo service's host ${echoHost} (HTTP 404).`,
      );
    }
    return new CheckFailure(
      'proxy_error',
      `The proxy ${proxy} would not open a tunnel to the echo service (HTTP ${status}).`,
    );
  },

  echoStatus: ({ proxy }: FailureContext, status: number) =>
    new CheckFailure(
      'echo_error',
      `The echo service answered with an error (HTTP ${status}) through the proxy ${proxy}.`,
    ),

  echoWithoutAddress: ({ proxy }: FailureContext) =>
    new CheckFailure(
      'echo_error',
      `The echo service's answer through the proxy ${proxy} holds no IP address.`,
    ),
};

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} seconds`;
}
