import { isHostName } from './host-name';
import type { Destination } from './destination';

/**
 * `host:port` or `[v6]:port` from a CONNECT line, or null. The host must be a host name or an
 * address, by the rule the SOCKS5 side applies to its domains (host-name.ts): it is written into
 * the upstream's CONNECT line and Host field, where a CR, LF or NUL would start a field or a
 * request of the app's choosing.
 */
export function connectTarget(target: string): Destination | null {
  const match = /^(?:\[([0-9a-fA-F:.]+)\]|([^:[\]]+)):(\d{1,5})$/.exec(target);
  const port = Number(match?.[3]);
  const host = match?.[1] ?? match?.[2];
  if (!host || !isHostName(host) || !Number.isInteger(port) || port < 1 || port > 65535) {
    return null;
  }
  return { host, port };
}
