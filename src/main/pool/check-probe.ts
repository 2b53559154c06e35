import { checkProxy, type CheckProxy } from '../proxy-check/check-proxy';
import type { Probe } from './pool';

export interface CheckProbeOptions {
  /** The check's echo URL, as set now (Settings may change it while a pool runs). */
  echoUrl: () => string;
  /** The deadline of one probe. */
  timeoutMs: number;
  /** The check itself: checkProxy in the app. */
  check?: CheckProxy;
}

/**
 * A pool's probe in the app: a check of the benched proxy (a tunnel through it, the echo fetched
 * and an address read back), as the Check button runs it. The assigned addresses are not compared:
 * the probe asks whether the proxy carries traffic, not whether it exits where it should.
 */
export function checkProbe(options: CheckProbeOptions): Probe {
  const check = options.check ?? checkProxy;
  return async (upstream, signal) => {
    const { protocol, ...entry } = upstream;
    const result = await check(
      { ...entry, assignedIpv4: null, assignedIpv6: null },
      { echoUrl: options.echoUrl(), protocol, timeoutMs: options.timeoutMs, signal },
    );
    return result.ok;
  };
}
