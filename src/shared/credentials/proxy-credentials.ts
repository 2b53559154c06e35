import type { Proxy } from '../api';

/** The parts of a proxy that any copy format may need; nothing else reaches the formatters. */
export type ProxyCredentials = Pick<
  Proxy,
  'ip' | 'port' | 'username' | 'password' | 'assigned_proxy_ipv4' | 'assigned_proxy_ipv6'
>;
