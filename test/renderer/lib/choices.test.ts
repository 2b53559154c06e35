import { describe, expect, it } from 'vitest';
import { MAX_LABEL_LENGTH, MAX_ROTATE_INTERVAL_SECONDS } from '../../../src/shared/api/updates';
import { COPY_FORMATS, HOST_CHOICES, TEMPLATE_PLACEHOLDERS } from '../../../src/shared/credentials';
import {
  CLIPBOARD_CLEAR_MAX_SECONDS,
  REFRESH_INTERVAL_MAX_MINUTES,
  THEMES,
} from '../../../src/shared/settings/settings-schema';
import * as choices from '../../../src/renderer/src/lib/choices';

// The popup keeps copies of these constants so that zod stays out of its bundle.
describe('the popup’s copies of shared constants', () => {
  it('lists the copy formats of src/shared, in order, with their labels and examples', () => {
    expect(choices.COPY_FORMAT_CHOICES).toEqual(COPY_FORMATS);
  });

  it('lists the host choices of src/shared', () => {
    expect(choices.HOST_CHOICE_OPTIONS).toEqual(HOST_CHOICES);
  });

  it('offers exactly the themes the settings accept', () => {
    expect(choices.THEME_CHOICES.map((theme) => theme.id)).toEqual(THEMES);
  });

  it('uses the limits of the settings and of the service updates', () => {
    expect(choices.CLIPBOARD_CLEAR_MAX_SECONDS).toBe(CLIPBOARD_CLEAR_MAX_SECONDS);
    expect(choices.REFRESH_INTERVAL_MAX_MINUTES).toBe(REFRESH_INTERVAL_MAX_MINUTES);
    expect(choices.MAX_ROTATE_INTERVAL_SECONDS).toBe(MAX_ROTATE_INTERVAL_SECONDS);
    expect(choices.MAX_LABEL_LENGTH).toBe(MAX_LABEL_LENGTH);
    expect(choices.TEMPLATE_PLACEHOLDERS).toEqual(TEMPLATE_PLACEHOLDERS);
  });
});
