import { describe, expect, it } from 'vitest';
import { isAccelerator } from '../../../src/shared/settings/accelerator';

describe('isAccelerator', () => {
  it.each([
    'CommandOrControl+Shift+Space',
    'CommandOrControl+Shift+P',
    'CmdOrCtrl+A',
    'Alt+F1',
    'Control+Alt+F24',
    'Super+Plus',
    'Meta+Escape',
    'Option+num5',
    'AltGr+/',
    'Shift+`',
    'ctrl+shift+z',
    'Command+PageDown',
  ])('accepts %s', (text) => {
    expect(isAccelerator(text)).toBe(true);
  });

  it.each([
    ['', 'empty'],
    ['P', 'a key without a modifier'],
    ['Ctrl+Shift', 'modifiers without a key'],
    ['Ctrl+A+B', 'two keys'],
    ['Ctrl+Ctrl+A', 'a repeated modifier'],
    ['Hyper+A', 'an unknown modifier'],
    ['Ctrl+F25', 'an F-key beyond F24'],
    ['Ctrl+Enterr', 'a misspelt key'],
    ['Ctrl++', 'a literal plus'],
    ['Ctrl+ A', 'a stray space'],
    ['Ctrl+Space ', 'a trailing space'],
  ])('refuses %j (%s)', (text) => {
    expect(isAccelerator(text)).toBe(false);
  });
});
