import { describe, expect, it } from 'vitest';
import { settingsFromFile } from '../../../src/main/settings/settings-from-file';
import { defaultSettings } from '../../../src/shared/settings/settings-schema';

/** Whether the settings read must be written back: the next start must find the file as read. */
describe('a settings file read back asks to be rewritten', () => {
  it('not when it is current and valid', () => {
    expect(settingsFromFile({ schemaVersion: 1, theme: 'dark' })).toMatchObject({
      problems: [],
      needsWrite: false,
    });
  });

  it('when a field was reset, so that the next start does not report it again', () => {
    expect(settingsFromFile({ schemaVersion: 1, theme: 42 }).needsWrite).toBe(true);
  });

  it('when it came from a newer version, so that it is replaced by the defaults it yielded', () => {
    const read = settingsFromFile({ schemaVersion: 9, theme: 'dark' });
    expect(read.settings).toEqual(defaultSettings());
    expect(read.needsWrite).toBe(true);
  });

  it('when it was migrated, even with nothing to report', () => {
    expect(settingsFromFile({ clipboardClearDelay: 4_000 })).toMatchObject({
      problems: [],
      needsWrite: true,
    });
  });
});
