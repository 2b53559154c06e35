import type { CopyFormat, HostChoice } from '../../../shared/credentials';
import type { Theme } from '../../../shared/settings/settings-schema';

/*
 * Copies of small constants from src/shared. Their home modules also build zod schemas when they
 * load, and importing even one constant from them pulls zod (about 50 KB gzipped) into the popup.
 * test/renderer/choices.test.ts keeps every copy equal to its original.
 */

export interface CopyFormatChoice {
  readonly id: CopyFormat;
  readonly label: string;
  readonly example: string;
}

/** Mirrors COPY_FORMATS (src/shared/credentials/copy-formats.ts). */
export const COPY_FORMAT_CHOICES: readonly CopyFormatChoice[] = [
  {
    id: 'ip-port-user-pass',
    label: 'ip:port:username:password',
    example: '203.0.113.7:8080:alice:s3cret',
  },
  {
    id: 'user-pass-at-ip-port',
    label: 'username:password@ip:port',
    example: 'alice:s3cret@203.0.113.7:8080',
  },
  { id: 'http-url', label: 'HTTP proxy URL', example: 'http://alice:s3cret@203.0.113.7:8080' },
  {
    id: 'socks5-url',
    label: 'SOCKS5 proxy URL',
    example: 'socks5://alice:s3cret@203.0.113.7:8080',
  },
  {
    id: 'curl',
    label: 'curl command',
    example: "curl -x 'http://alice:s3cret@203.0.113.7:8080' https://api.ipify.org",
  },
  { id: 'custom', label: 'Custom template', example: '{ip}:{port}:{username}:{password}' },
];

/** Mirrors HOST_CHOICES (src/shared/credentials/host-choice.ts). */
export const HOST_CHOICE_OPTIONS: readonly { readonly id: HostChoice; readonly label: string }[] = [
  { id: 'entry', label: 'Entry address (ip)' },
  { id: 'ipv4', label: 'Assigned IPv4 address' },
  { id: 'ipv6', label: 'Assigned IPv6 address' },
];

/** The ids mirror THEMES (src/shared/settings/settings-schema.ts). */
export const THEME_CHOICES: readonly { readonly id: Theme; readonly label: string }[] = [
  { id: 'system', label: 'System' },
  { id: 'light', label: 'Light' },
  { id: 'dark', label: 'Dark' },
];

/** Mirror CLIPBOARD_CLEAR_MAX_SECONDS and REFRESH_INTERVAL_MAX_MINUTES (settings-schema.ts). */
export const CLIPBOARD_CLEAR_MAX_SECONDS = 3600;
export const REFRESH_INTERVAL_MAX_MINUTES = 1440;

/** Mirror MAX_ROTATE_INTERVAL_SECONDS and MAX_LABEL_LENGTH (src/shared/api/updates.ts). */
export const MAX_ROTATE_INTERVAL_SECONDS = 31_536_000;
export const MAX_LABEL_LENGTH = 1000;

/** Mirrors TEMPLATE_PLACEHOLDERS (src/shared/credentials/copy-template.ts). */
export const TEMPLATE_PLACEHOLDERS = ['ip', 'port', 'username', 'password', 'ipv4', 'ipv6'];
