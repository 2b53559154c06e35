import http from 'node:http';
import https from 'node:https';
import { echoUrlProblem } from '../../shared/settings/echo-url';
import { echoProbeFailures, type CheckFailure } from './check-failure';
import { requestEcho } from './echo-request';
import { networkErrorOf } from '../errors/network-error';
import { exitIpFromEchoBody } from './exit-ip';

/** Short: a reachable echo answers in well under a second, and the run waits for this. */
export const ECHO_PROBE_DEADLINE_MS = 5_000;

export type EchoProbeResult = { reachable: true } | { reachable: false; failure: CheckFailure };

export type EchoProbe = (
  echoUrl: string,
  deadlineMs: number,
  signal: AbortSignal,
) => Promise<EchoProbeResult>;

const TIMED_OUT = Symbol('timed out');
const CANCELLED = Symbol('cancelled');

/**
 * Fetches the echo URL from this computer, through no proxy, and tells whether it answers an
 * address: when it does not, checking proxies through it would blame each of them for the echo.
 * Every failure resolves; the one rejection is cancellation, with `signal.reason` (as
 * `checkProxy` does).
 */
export async function probeEcho(
  echoUrl: string,
  deadlineMs: number,
  signal: AbortSignal,
): Promise<EchoProbeResult> {
  signal.throwIfAborted();
  const failed = (failure: CheckFailure): EchoProbeResult => ({ reachable: false, failure });
  // The rule the settings hold the URL to, again here: plain HTTP off this computer would let
  // anyone on the path answer for the echo.
  const problem = echoUrlProblem(echoUrl);
  if (problem) return failed(echoProbeFailures.unusableUrl(problem));
  const url = new URL(echoUrl);

  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(TIMED_OUT), deadlineMs);
  const cancel = () => stop.abort(CANCELLED);
  signal.addEventListener('abort', cancel, { once: true });
  const stopped = new Promise<never>((_, reject) => {
    stop.signal.addEventListener('abort', () => reject(stop.signal.reason), { once: true });
  });
  // An agent of its own, without keep-alive (unlike Node's global agents), so that nothing of
  // the probe stays open once it is over.
  const agent = url.protocol === 'https:' ? new https.Agent() : new http.Agent();
  try {
    const reply = await Promise.race([requestEcho(url, agent, stop.signal), stopped]);
    if (reply.status < 200 || reply.status > 299) {
      return failed(echoProbeFailures.status(url.host, reply.status));
    }
    if (exitIpFromEchoBody(reply.body) === null) {
      return failed(echoProbeFailures.withoutAddress(url.host));
    }
    return { reachable: true };
  } catch (error) {
    if (stop.signal.reason === CANCELLED) throw signal.reason;
    if (stop.signal.reason === TIMED_OUT) {
      return failed(echoProbeFailures.timedOut(url.host, deadlineMs));
    }
    return failed(echoProbeFailures.unreachable(url.host, networkErrorOf(error)));
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', cancel);
    agent.destroy();
  }
}
