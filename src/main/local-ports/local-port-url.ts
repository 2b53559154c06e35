import { hostAndPort } from '../../shared/credentials/url-parts';
import { LOCAL_USERNAME } from './local-password';

/** `http://127.0.0.1:PORT`, or with the local password `http://local:PASS@127.0.0.1:PORT`. */
export function localPortUrl(
  port: { host: string; port: number },
  scheme: 'http' | 'socks5',
  localPassword: string | null,
): string {
  const login =
    localPassword === null ? '' : `${LOCAL_USERNAME}:${encodeURIComponent(localPassword)}@`;
  return `${scheme}://${login}${hostAndPort(port.host, port.port)}`;
}
