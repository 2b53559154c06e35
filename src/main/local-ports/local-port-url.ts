import type { LocalPortView } from '../../shared/local-ports/local-port-view';
import { LOCAL_USERNAME } from './local-password';

/** `http://127.0.0.1:PORT`, or with the local password `http://local:PASS@127.0.0.1:PORT`. */
export function localPortUrl(
  port: Pick<LocalPortView, 'host' | 'port'>,
  scheme: 'http' | 'socks5',
  localPassword: string | null,
): string {
  const host = port.host === '::1' ? '[::1]' : port.host;
  const login =
    localPassword === null ? '' : `${LOCAL_USERNAME}:${encodeURIComponent(localPassword)}@`;
  return `${scheme}://${login}${host}:${port.port}`;
}
