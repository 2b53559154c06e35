import type { CheckFailureReason } from '../../shared/proxy-check/check-reasons';
import type { NetworkError } from '../errors/network-error';

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

/**
 * The echo failed when asked directly, as a run began. Each message names the echo and says that
 * no proxy was checked, so that nobody reads a dead echo as a list of dead proxies.
 */
export const echoProbeFailures = {
  unusableUrl: (problem: string) =>
    new CheckFailure(
      'echo_unreachable',
      `${problem} No proxy was checked; choose another echo in Settings.`,
    ),

  unreachable: (echoHost: string, error: NetworkError) =>
    echoUnreachable(
      echoHost,
      `could not be reached from this computer (${networkErrorWords(error)})`,
      'Check your connection or choose another echo in Settings.',
    ),

  timedOut: (echoHost: string, deadlineMs: number) =>
    echoUnreachable(
      echoHost,
      `did not answer this computer within ${formatDuration(deadlineMs)}`,
      'Check your connection or choose another echo in Settings.',
    ),

  status: (echoHost: string, status: number) =>
    echoUnreachable(
      echoHost,
      `answered this computer with an error (HTTP ${status})`,
      'Try again later or choose another echo in Settings.',
    ),

  withoutAddress: (echoHost: string) =>
    echoUnreachable(
      echoHost,
      'answered this computer without an IP address',
      'Choose another echo in Settings.',
    ),
};

function echoUnreachable(echoHost: string, problem: string, advice: string): CheckFailure {
  return new CheckFailure(
    'echo_unreachable',
    `The IP echo service ${echoHost} ${problem}, so no proxy was checked. ${advice}`,
  );
}

function networkErrorWords({ kind, code, hostname }: NetworkError): string {
  switch (kind) {
    case 'refused':
      return 'connection refused';
    case 'dns':
      return hostname
        ? `the name ${hostname} could not be resolved`
        : 'its name could not be resolved';
    case 'tls':
      return `the secure connection failed: ${code}`;
    case 'certificate':
      return `its certificate was not accepted: ${code}`;
    case 'broken':
      return code ? `the connection broke off: ${code}` : 'the connection broke off';
  }
}

function formatDuration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} seconds`;
}
