/**
 * electron-updater's errors, as sentences a user may read. Their own messages are not shown: they
 * hold stacks, URLs (with whatever credentials a feed URL carries), response headers and the raw
 * text the server sent. Only the error's code or HTTP status is read here.
 */

export type UpdatePhase = 'check' | 'download' | 'install';

export interface UpdateFailure {
  message: string;
  /** Nothing known explains it: worth a line in the log (the user still sees only `message`). */
  unexpected: boolean;
}

const NOT_PUBLISHED = new Set([
  'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND',
  'ERR_UPDATER_LATEST_VERSION_NOT_FOUND',
  'ERR_UPDATER_NO_PUBLISHED_VERSIONS',
]);

const NO_INSTALLER = new Set([
  'ERR_UPDATER_ASSET_NOT_FOUND',
  'ERR_UPDATER_RELEASE_NOT_FOUND',
  'ERR_UPDATER_ZIP_FILE_NOT_FOUND',
]);

const UNREADABLE = new Set([
  'ERR_UPDATER_INVALID_UPDATE_INFO',
  'ERR_UPDATER_INVALID_RELEASE_FEED',
  'ERR_UPDATER_INVALID_VERSION',
  'ERR_UPDATER_NO_FILES_PROVIDED',
  'ERR_UPDATER_NO_CHECKSUM',
]);

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ENETUNREACH',
  'ENETDOWN',
  'EHOSTUNREACH',
  'EPIPE',
]);

const CERTIFICATE =
  /^(CERT_|DEPTH_ZERO_SELF_SIGNED_CERT|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_(GET_ISSUER_CERT|VERIFY_LEAF_SIGNATURE)|ERR_TLS_CERT_ALTNAME_INVALID)/;

const STARTS: Record<UpdatePhase, string> = {
  check: '',
  download: 'The update could not be downloaded. ',
  install: 'The update could not be installed. ',
};

export function updateFailure(phase: UpdatePhase, error: unknown): UpdateFailure {
  const reason = reasonOf(error);
  return {
    message: `${STARTS[phase]}${reason ?? 'Something unexpected went wrong; the next check tries again.'}`,
    unexpected: reason === undefined,
  };
}

function reasonOf(error: unknown): string | undefined {
  const code = stringField(error, 'code') ?? '';
  const message = stringField(error, 'message') ?? '';
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  if (typeof status === 'number' && status > 0) {
    return `The update server answered with an error (HTTP ${status}).`;
  }
  if (NOT_PUBLISHED.has(code)) return 'The update server has no release of Proxy Tray.';
  if (NO_INSTALLER.has(code)) return 'The latest release has no installer for this system.';
  if (UNREADABLE.has(code) || code.startsWith('ERR_XML_'))
    return 'The update server’s release information could not be read.';
  if (code === 'ERR_CHECKSUM_MISMATCH') {
    return 'The downloaded file did not match its checksum, so it was discarded.';
  }
  if (code === 'ERR_UPDATER_INVALID_SIGNATURE') {
    return 'The downloaded file is not signed by the publisher, so it was discarded.';
  }
  // Electron's net module reports Chromium's errors in the message alone ("net::ERR_...").
  const chromium = /net::(ERR_[A-Z_]+)/.exec(message)?.[1] ?? '';
  if (CERTIFICATE.test(code) || chromium.startsWith('ERR_CERT_')) {
    return 'The update server’s certificate was not accepted.';
  }
  if (
    UNREACHABLE.has(code) ||
    chromium !== '' ||
    message === 'Request has been aborted by the server'
  ) {
    return 'The update server could not be reached. Check your internet connection.';
  }
  if (message === 'Request timed out') return 'The update server did not answer in time.';
  if (code === 'ENOSPC') return 'There is not enough free disk space for the update.';
  return undefined;
}

function stringField(error: unknown, key: 'code' | 'message'): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const value = (error as Record<string, unknown>)[key];
  return typeof value === 'string' ? value : undefined;
}
