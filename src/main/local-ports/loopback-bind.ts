import { LocalPortError } from './local-port-error';

export const DEFAULT_BIND_HOST = '127.0.0.1';

/**
 * The address a local port listens on: loopback only, because the port forwards with the
 * upstream's credentials and (by default) asks for no login; on any other address anyone on the
 * network could use the plan. `localhost` means 127.0.0.1 (not a name lookup that could answer
 * anything). Checked before any socket is opened.
 */
export function loopbackBindAddress(host: string = DEFAULT_BIND_HOST): '127.0.0.1' | '::1' {
  const given = host.trim().toLowerCase();
  if (given === '127.0.0.1' || given === 'localhost') return '127.0.0.1';
  if (given === '::1' || given === '[::1]') return '::1';
  throw new LocalPortError(
    'not_loopback',
    `A local port listens on this computer only (127.0.0.1, ::1 or localhost), not on ${JSON.stringify(host)}: anyone who reaches it could use the proxy's login.`,
  );
}
