import type { Agent } from 'node:http';
import type { CheckProtocol } from '../../shared/proxy-check/check-reasons';
import type { ProxyCheckResult } from '../../shared/views/check-view';
import { checkFailures, type CheckFailure, type FailureContext } from './check-failure';
import { requestEcho } from './echo-request';
import { failureFromError } from './error-to-failure';
import { exitIpFromEchoBody, exitIpMatch } from './exit-ip';
import type { UpstreamEntry } from '../upstream/upstream-proxy';
import { createTunnelAgent, entryLabel } from './tunnel-agent';

/** A proxy to check: its entry point, credentials, and the addresses the provider assigned. */
export interface CheckTarget extends UpstreamEntry {
  /** null where the service named no such address: the exit IP is not compared with it. */
  assignedIpv4: string | null;
  assignedIpv6: string | null;
}

export interface CheckOptions {
  /** A service answering the caller's address (ipify, icanhazip, ifconfig.co/json, httpbin). */
  echoUrl: string;
  protocol: CheckProtocol;
  /** The deadline of the whole check, from opening the connection to the echo's last byte. */
  timeoutMs: number;
  /** Cancels the check: the promise then rejects with the signal's reason. */
  signal?: AbortSignal;
  /**
   * One clock for the latencies and `checkedAt`, in epoch milliseconds (tests). By default the
   * latencies use the monotonic `performance.now()` and `checkedAt` the wall clock.
   */
  now?: () => number;
}

export type CheckProxy = (target: CheckTarget, options: CheckOptions) => Promise<ProxyCheckResult>;

const TIMED_OUT = Symbol('timed out');
const CANCELLED = Symbol('cancelled');

/**
 * Opens a tunnel through the proxy, fetches the echo URL through it and compares the exit address
 * with the assigned ones. Every failure, the deadline included, resolves as a failure result.
 * The one rejection is cancellation: when `signal` aborts, the promise rejects with
 * `signal.reason` (as fetch does), so that a caller cannot take a cancelled attempt for a result.
 */
export async function checkProxy(
  target: CheckTarget,
  options: CheckOptions,
): Promise<ProxyCheckResult> {
  const { protocol, signal } = options;
  signal?.throwIfAborted();
  const clock = options.now ?? (() => performance.now());
  const checkedAt = () => (options.now ? new Date(options.now()) : new Date()).toISOString();
  const failed = (failure: CheckFailure): ProxyCheckResult => ({
    ok: false,
    protocol,
    reason: failure.reason,
    message: failure.message,
    checkedAt: checkedAt(),
  });

  const echoUrl = parseEchoUrl(options.echoUrl);
  if (!echoUrl) return failed(checkFailures.invalidEchoUrl());
  const context: FailureContext = { proxy: entryLabel(target), echoHost: echoUrl.hostname };

  const stop = new AbortController();
  const timer = setTimeout(() => stop.abort(TIMED_OUT), options.timeoutMs);
  const cancel = () => stop.abort(CANCELLED);
  signal?.addEventListener('abort', cancel, { once: true });
  // Settles the check at the deadline or on cancel even if a library is slow to notice the
  // abort (the socks client does not take a signal).
  const stopped = new Promise<never>((_, reject) => {
    stop.signal.addEventListener('abort', () => reject(stop.signal.reason), { once: true });
  });

  let openedAt: number | undefined;
  let refusedStatus: number | undefined;
  let agent: Agent | undefined;
  try {
    agent = createTunnelAgent(
      { ...target, protocol },
      {
        signal: stop.signal,
        timeoutMs: options.timeoutMs,
        watcher: {
          opened: () => (openedAt = clock()),
          refused: (status) => (refusedStatus = status),
        },
      },
    );
    const startedAt = clock();
    const reply = await Promise.race([requestEcho(echoUrl, agent, stop.signal), stopped]);
    const endedAt = clock();
    if (refusedStatus !== undefined) {
      return failed(checkFailures.connectRefusedStatus(context, refusedStatus));
    }
    if (reply.status < 200 || reply.status > 299) {
      return failed(checkFailures.echoStatus(context, reply.status));
    }
    const exitIp = exitIpFromEchoBody(reply.body);
    if (exitIp === null) return failed(checkFailures.echoWithoutAddress(context));
    return {
      ok: true,
      protocol,
      exitIp,
      exitIpMatches: exitIpMatch(exitIp, { ipv4: target.assignedIpv4, ipv6: target.assignedIpv6 }),
      connectMs: wholeMs((openedAt ?? endedAt) - startedAt),
      totalMs: wholeMs(endedAt - startedAt),
      checkedAt: checkedAt(),
    };
  } catch (error) {
    if (stop.signal.reason === CANCELLED) throw signal?.reason;
    if (stop.signal.reason === TIMED_OUT) {
      return failed(checkFailures.timedOut(context, options.timeoutMs));
    }
    return failed(failureFromError(error, context));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', cancel);
    agent?.destroy();
  }
}

function parseEchoUrl(text: string): URL | null {
  const url = URL.parse(text);
  return url && (url.protocol === 'http:' || url.protocol === 'https:') ? url : null;
}

/** Whole milliseconds, never negative even with an injected clock that steps back. */
function wholeMs(ms: number): number {
  return Math.max(0, Math.round(ms));
}
