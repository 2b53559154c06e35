import { describe, expect, it } from 'vitest';
import { refusalText } from '../../../src/renderer/src/lib/refusal-text';

describe('refusalText', () => {
  it('drops the field name the control already shows, and the doubled full stop', () => {
    expect(
      refusalText(
        'Invalid request: clipboardClearSeconds: The delay must be from 0 (never) to 3600..',
        'clipboardClearSeconds',
      ),
    ).toBe('The delay must be from 0 (never) to 3600.');
  });

  it('keeps any other message whole', () => {
    expect(refusalText('The settings file could not be written.', 'theme')).toBe(
      'The settings file could not be written.',
    );
    expect(refusalText('Invalid request: theme: Bad.', 'copyFormat')).toBe(
      'Invalid request: theme: Bad.',
    );
  });
});
