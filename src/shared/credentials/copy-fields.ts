/*
 * Single fields of a proxy, copied on their own as password managers do (one field per paste into
 * a tool's separate boxes). Plain constants, no zod, so that the popup can import them.
 */
import { chooseHost } from './host-choices';
import type { HostChoice } from './host-choices';
import type { ProxyCredentials } from './proxy-credentials';

export const COPY_FIELD_IDS = ['host', 'port', 'username', 'password'] as const;
export type CopyField = (typeof COPY_FIELD_IDS)[number];

export interface CopyFieldInfo {
  readonly id: CopyField;
  /** As the menu names it, and as the copy's confirmation does. */
  readonly label: string;
}

export const COPY_FIELDS: readonly CopyFieldInfo[] = [
  { id: 'host', label: 'Host' },
  { id: 'port', label: 'Port' },
  { id: 'username', label: 'Username' },
  { id: 'password', label: 'Password' },
];

/**
 * One field's text. The host follows the host choice and is never bracketed: alone, an IPv6
 * address is pasted into a host box, where brackets would be refused.
 */
export function copyFieldValue(
  proxy: ProxyCredentials,
  field: CopyField,
  hostChoice: HostChoice,
): string {
  switch (field) {
    case 'host':
      return chooseHost(proxy, hostChoice);
    case 'port':
      return String(proxy.port);
    case 'username':
      return proxy.username;
    case 'password':
      return proxy.password;
  }
}
