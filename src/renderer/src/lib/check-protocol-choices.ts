import type { CheckProtocol } from '../../../shared/proxy-check/check-reasons';

/** The proxy check's protocol choices, as the settings panel names them. */
export const CHECK_PROTOCOL_CHOICES: readonly {
  readonly id: CheckProtocol;
  readonly label: string;
}[] = [
  { id: 'http', label: 'HTTP (CONNECT)' },
  { id: 'socks5', label: 'SOCKS5' },
];
