import { describe, expect, it } from 'vitest';
import {
  checkAccelerator,
  describeAccelerator,
} from '../../../src/shared/settings/shortcut-accelerator';

function accepted(input: string, platform = 'linux'): string {
  const result = checkAccelerator(input, platform);
  if (!result.ok) throw new Error(`refused ${input}: ${result.message}`);
  return result.accelerator;
}

function refusal(input: string, platform = 'linux'): string {
  const result = checkAccelerator(input, platform);
  if (result.ok) throw new Error(`accepted ${input} as ${result.accelerator}`);
  return result.message;
}

describe('checkAccelerator: accepted shortcuts', () => {
  it.each([
    ['CommandOrControl+Shift+Space', 'CommandOrControl+Shift+Space'],
    ['CmdOrCtrl+Shift+P', 'CommandOrControl+Shift+P'],
    ['ctrl+alt+p', 'Control+Alt+P'],
    ['Shift+Alt+F12', 'Alt+Shift+F12'],
    ['Super+Return', 'Super+Return'],
    ['Meta+Enter', 'Super+Return'],
    ['Control+Esc', 'Control+Escape'],
    ['Control+Plus', 'Control+Plus'],
    ['Control++', 'Control++'],
    ['Alt+F24', 'Alt+F24'],
    ['Control+num7', 'Control+num7'],
    ['Control+NumAdd', 'Control+numadd'],
    ['AltGr+/', 'AltGr+/'],
    ['Control+MediaPlayPause', 'Control+MediaPlayPause'],
    ['  Control + Shift + K  ', 'Control+Shift+K'],
    ['Control+9', 'Control+9'],
  ])('%s → %s', (input, canonical) => {
    expect(accepted(input)).toBe(canonical);
  });

  it('accepts macOS-only modifiers on macOS', () => {
    expect(accepted('Command+Option+Space', 'darwin')).toBe('Command+Option+Space');
    expect(accepted('Cmd+Shift+L', 'darwin')).toBe('Command+Shift+L');
  });

  it('writes modifiers in one order, so the same keys compare equal', () => {
    expect(accepted('Shift+Control+Alt+X')).toBe(accepted('Alt+Shift+Ctrl+x'));
  });
});

describe('checkAccelerator: refused shortcuts, with the reason', () => {
  it.each([
    ['', /Enter a shortcut/],
    ['   ', /Enter a shortcut/],
    ['Control+', /empty part.*Plus/],
    ['+A', /empty part/],
    ['Control++Shift', /empty part/],
    ['Control+Shift', /has no key/],
    ['Ctrl+Hyper+A', /"Hyper" is not a modifier/],
    ['A+Control', /"A" is not a modifier.*Put the key last/],
    ['Control+Ctrl+A', /Control appears twice/],
    ['Control+F25', /"F25" is not a key/],
    ['Control+Ä', /"Ä" is not a key/],
    ['Control+AB', /"AB" is not a key/],
    ['Space', /needs Control, Alt, Super or Command/],
    ['Shift+A', /needs Control, Alt, Super or Command.*"A"/],
    ['F5', /needs Control/],
  ])('%s', (input, reason) => {
    expect(refusal(input)).toMatch(reason);
  });

  it('refuses macOS-only modifiers elsewhere and names the replacement', () => {
    expect(refusal('Command+Space', 'win32')).toBe(
      'Command exists only on macOS: use CommandOrControl instead.',
    );
    expect(refusal('Option+Space', 'linux')).toBe('Option exists only on macOS: use Alt instead.');
  });
});

describe('describeAccelerator', () => {
  it('uses the names printed on the keys of Windows and Linux, joined by "+"', () => {
    expect(describeAccelerator('CommandOrControl+Shift+Space', 'win32')).toBe('Ctrl+Shift+Space');
    expect(describeAccelerator('CommandOrControl+Shift+Space', 'linux')).toBe('Ctrl+Shift+Space');
    expect(describeAccelerator('Control+Alt+F5', 'win32')).toBe('Ctrl+Alt+F5');
    expect(describeAccelerator('Super+Alt+P', 'win32')).toBe('Win+Alt+P');
    expect(describeAccelerator('Super+Alt+P', 'linux')).toBe('Super+Alt+P');
    expect(describeAccelerator('Control++', 'linux')).toBe('Ctrl++');
  });

  it('shows macOS its menu symbols, Alt as Option, in the order Control, Option, Shift, Command', () => {
    expect(describeAccelerator('CommandOrControl+Shift+Space', 'darwin')).toBe('⇧⌘Space');
    expect(describeAccelerator('Alt+P', 'darwin')).toBe('⌥P');
    expect(describeAccelerator('Option+P', 'darwin')).toBe('⌥P');
    expect(describeAccelerator('Control+K', 'darwin')).toBe('⌃K');
    expect(describeAccelerator('Command+K', 'darwin')).toBe('⌘K');
    expect(describeAccelerator('Super+K', 'darwin')).toBe('⌘K');
    // The accelerator's order (Command first) is not the menus' order.
    expect(describeAccelerator('CommandOrControl+Control+Alt+Shift+F1', 'darwin')).toBe('⌃⌥⇧⌘F1');
    expect(describeAccelerator('Command+Plus', 'darwin')).toBe('⌘Plus');
    expect(describeAccelerator('Control++', 'darwin')).toBe('⌃+');
  });

  it('keeps a last part that is no key, for the modifiers held while recording', () => {
    expect(describeAccelerator('CommandOrControl+Shift+…', 'linux')).toBe('Ctrl+Shift+…');
    expect(describeAccelerator('CommandOrControl+Alt+…', 'darwin')).toBe('⌥⌘…');
    expect(describeAccelerator('…', 'darwin')).toBe('…');
  });
});
