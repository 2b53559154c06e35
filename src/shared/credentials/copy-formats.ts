/*
 * Plain constants, no zod: the popup imports this file directly, and zod would more than double
 * its bundle. The schema lives in copy-format-schema.ts.
 */

export const COPY_FORMAT_IDS = [
  'ip-port-user-pass',
  'user-pass-at-ip-port',
  'http-url',
  'socks5-url',
  'curl',
  'custom',
] as const;
export type CopyFormat = (typeof COPY_FORMAT_IDS)[number];

/** What a new user's custom template starts as: the most common plain form, to edit from. */
export const DEFAULT_CUSTOM_TEMPLATE = '{ip}:{port}:{username}:{password}';

/** The address curl asks for: it answers with the caller's IP, so the line shows the proxy works. */
export const CURL_CHECK_URL = 'https://api.ipify.org';

export interface CopyFormatInfo {
  readonly id: CopyFormat;
  readonly label: string;
  /** What the format looks like, for the format menu (uses documentation addresses). */
  readonly example: string;
}

export const COPY_FORMATS: readonly CopyFormatInfo[] = [
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
  {
    id: 'http-url',
    label: 'HTTP proxy URL',
    example: 'http://alice:s3cret@203.0.113.7:8080',
  },
  {
    id: 'socks5-url',
    label: 'SOCKS5 proxy URL',
    example: 'socks5://alice:s3cret@203.0.113.7:8080',
  },
  {
    id: 'curl',
    label: 'curl command',
    example: `curl -x 'http://alice:s3cret@203.0.113.7:8080' ${CURL_CHECK_URL}`,
  },
  {
    id: 'custom',
    label: 'Custom template',
    example: DEFAULT_CUSTOM_TEMPLATE,
  },
];
