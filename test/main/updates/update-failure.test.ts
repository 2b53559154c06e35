import { HttpError, newError } from 'builder-util-runtime';
import { describe, expect, it } from 'vitest';
import { updateFailure } from '../../../src/main/updates/update-failure';

// electron-updater's messages hold URLs (with any credentials in them), headers and stacks.
const NOISY =
  'https://user:s3cret@updates.example.com/latest.yml\nHeaders: {"set-cookie":"x"}\n at Stack';

describe('updateFailure', () => {
  it.each([
    [new HttpError(503, NOISY), 'The update server answered with an error (HTTP 503).'],
    [
      newError(NOISY, 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND'),
      'The update server has no release of Proxy Tray.',
    ],
    [
      newError(NOISY, 'ERR_UPDATER_LATEST_VERSION_NOT_FOUND'),
      'The update server has no release of Proxy Tray.',
    ],
    [
      newError(NOISY, 'ERR_UPDATER_ASSET_NOT_FOUND'),
      'The latest release has no installer for this system.',
    ],
    [
      newError(NOISY, 'ERR_UPDATER_INVALID_UPDATE_INFO'),
      'The update server’s release information could not be read.',
    ],
    [
      newError(NOISY, 'ERR_XML_MISSED_ELEMENT'),
      'The update server’s release information could not be read.',
    ],
    [
      newError(NOISY, 'ERR_UPDATER_INVALID_SIGNATURE'),
      'The downloaded file is not signed by the publisher, so it was discarded.',
    ],
    [
      newError(NOISY, 'ECONNREFUSED'),
      'The update server could not be reached. Check your internet connection.',
    ],
    [
      new Error(`net::ERR_INTERNET_DISCONNECTED ${NOISY}`),
      'The update server could not be reached. Check your internet connection.',
    ],
    [newError(NOISY, 'CERT_HAS_EXPIRED'), 'The update server’s certificate was not accepted.'],
    [
      new Error(`net::ERR_CERT_AUTHORITY_INVALID ${NOISY}`),
      'The update server’s certificate was not accepted.',
    ],
    [new Error('Request timed out'), 'The update server did not answer in time.'],
  ])('%s → a sentence without its details', (error, sentence) => {
    expect(updateFailure('check', error)).toEqual({ message: sentence, unexpected: false });
  });

  it('says which step failed after the check', () => {
    const error = newError(NOISY, 'ERR_CHECKSUM_MISMATCH');
    expect(updateFailure('download', error).message).toBe(
      'The update could not be downloaded. The downloaded file did not match its checksum, so it was discarded.',
    );
    expect(updateFailure('install', newError(NOISY, 'ENOSPC')).message).toBe(
      'The update could not be installed. There is not enough free disk space for the update.',
    );
  });

  it.each([[new Error(NOISY)], ['a string'], [undefined], [{ code: 42 }]])(
    'anything else (%s) is unexpected, in a generic sentence',
    (error) => {
      const failure = updateFailure('check', error);
      expect(failure).toEqual({
        message: 'Something unexpected went wrong; the next check tries again.',
        unexpected: true,
      });
    },
  );
});
