import { describe, expect, it } from 'vitest';
import { canCheckNow, updateStatusText } from '../../../src/renderer/src/lib/update-status-text';

const at = (iso: string) => `at ${iso}`;

describe('updateStatusText', () => {
  it('says where the update stands, in one line', () => {
    const checkedAt = '2026-03-01T08:00:00.000Z';
    expect(updateStatusText({ state: 'unavailable', message: 'Not here.' }, at)).toBe('Not here.');
    expect(updateStatusText({ state: 'idle' }, at)).toBe('Not checked yet.');
    expect(updateStatusText({ state: 'idle', checkedAt }, at)).toBe(
      `Up to date (checked at ${checkedAt}).`,
    );
    expect(updateStatusText({ state: 'checking', checkedAt }, at)).toBe('Checking for updates…');
    expect(updateStatusText({ state: 'downloading', version: '1.2.3' }, at)).toBe(
      'Downloading version 1.2.3…',
    );
    expect(updateStatusText({ state: 'ready', version: '1.2.3' }, at)).toBe(
      'Version 1.2.3 is downloaded: restart to install it.',
    );
    expect(
      updateStatusText(
        {
          state: 'failed',
          message: 'The update server could not be reached.',
          failedAt: checkedAt,
        },
        at,
      ),
    ).toBe('Last check failed: The update server could not be reached.');
  });
});

describe('canCheckNow', () => {
  it('offers "Check now" where a check can run, usable while none runs', () => {
    expect(canCheckNow({ state: 'unavailable', message: 'x' })).toEqual({
      shown: false,
      enabled: false,
    });
    expect(canCheckNow({ state: 'ready', version: '1.2.3' })).toEqual({
      shown: false,
      enabled: false,
    });
    expect(canCheckNow({ state: 'idle' })).toEqual({ shown: true, enabled: true });
    expect(
      canCheckNow({ state: 'failed', message: 'x', failedAt: '2026-03-01T08:00:00.000Z' }),
    ).toEqual({
      shown: true,
      enabled: true,
    });
    expect(canCheckNow({ state: 'checking' })).toEqual({ shown: true, enabled: false });
    expect(canCheckNow({ state: 'downloading', version: '1.2.3' })).toEqual({
      shown: true,
      enabled: false,
    });
  });
});
