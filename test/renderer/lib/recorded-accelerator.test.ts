import { describe, expect, it } from 'vitest';
import {
  recordAccelerator,
  type RecorderPress,
} from '../../../src/renderer/src/lib/recorded-accelerator';

const press = (code: string, key: string, held: Partial<RecorderPress> = {}): RecorderPress => ({
  code,
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...held,
});

describe('recordAccelerator', () => {
  it('records Ctrl on Windows and Linux, Cmd on macOS, as CommandOrControl', () => {
    const ctrlShiftP = press('KeyP', 'P', { ctrlKey: true, shiftKey: true });
    expect(recordAccelerator(ctrlShiftP, 'linux')).toEqual({
      kind: 'recorded',
      accelerator: 'CommandOrControl+Shift+P',
    });
    expect(recordAccelerator(ctrlShiftP, 'win32')).toEqual({
      kind: 'recorded',
      accelerator: 'CommandOrControl+Shift+P',
    });
    const cmdShiftP = press('KeyP', 'p', { metaKey: true, shiftKey: true });
    expect(recordAccelerator(cmdShiftP, 'darwin')).toEqual({
      kind: 'recorded',
      accelerator: 'CommandOrControl+Shift+P',
    });
  });

  it('records Ctrl on macOS as Control, and the Windows key elsewhere as Super', () => {
    expect(recordAccelerator(press('KeyK', 'k', { ctrlKey: true }), 'darwin')).toEqual({
      kind: 'recorded',
      accelerator: 'Control+K',
    });
    expect(recordAccelerator(press('KeyK', 'k', { metaKey: true }), 'linux')).toEqual({
      kind: 'recorded',
      accelerator: 'Super+K',
    });
  });

  it('reads the key from its place, not from the character that Shift or Option made', () => {
    expect(
      recordAccelerator(press('Digit1', '!', { ctrlKey: true, shiftKey: true }), 'linux'),
    ).toEqual({ kind: 'recorded', accelerator: 'CommandOrControl+Shift+1' });
    expect(
      recordAccelerator(press('KeyP', 'π', { altKey: true, metaKey: true }), 'darwin'),
    ).toEqual({ kind: 'recorded', accelerator: 'CommandOrControl+Alt+P' });
  });

  it('names the keys as Electron does', () => {
    const withAlt = (code: string, key: string) =>
      recordAccelerator(press(code, key, { altKey: true }), 'linux');
    expect(withAlt('Space', ' ')).toEqual({ kind: 'recorded', accelerator: 'Alt+Space' });
    expect(withAlt('Enter', 'Enter')).toEqual({ kind: 'recorded', accelerator: 'Alt+Return' });
    expect(withAlt('ArrowUp', 'ArrowUp')).toEqual({ kind: 'recorded', accelerator: 'Alt+Up' });
    expect(withAlt('F12', 'F12')).toEqual({ kind: 'recorded', accelerator: 'Alt+F12' });
    expect(withAlt('Numpad5', '5')).toEqual({ kind: 'recorded', accelerator: 'Alt+num5' });
    expect(withAlt('NumpadAdd', '+')).toEqual({ kind: 'recorded', accelerator: 'Alt+numadd' });
    expect(withAlt('Minus', '-')).toEqual({ kind: 'recorded', accelerator: 'Alt+-' });
    expect(withAlt('BracketLeft', '[')).toEqual({ kind: 'recorded', accelerator: 'Alt+[' });
    expect(withAlt('Escape', 'Escape')).toEqual({ kind: 'recorded', accelerator: 'Alt+Escape' });
    expect(withAlt('Backspace', 'Backspace')).toEqual({
      kind: 'recorded',
      accelerator: 'Alt+Backspace',
    });
    expect(withAlt('', 'q')).toEqual({ kind: 'recorded', accelerator: 'Alt+Q' });
  });

  it('lists the modifiers in the canonical order, whatever was pressed first', () => {
    const all = press('KeyA', 'A', { shiftKey: true, altKey: true, ctrlKey: true, metaKey: true });
    expect(recordAccelerator(all, 'linux')).toEqual({
      kind: 'recorded',
      accelerator: 'CommandOrControl+Super+Alt+Shift+A',
    });
  });

  it('cancels with Esc alone and clears with Backspace or Delete alone', () => {
    expect(recordAccelerator(press('Escape', 'Escape'), 'linux')).toEqual({ kind: 'cancel' });
    expect(recordAccelerator(press('Backspace', 'Backspace'), 'linux')).toEqual({ kind: 'clear' });
    expect(recordAccelerator(press('Delete', 'Delete'), 'darwin')).toEqual({ kind: 'clear' });
  });

  it('waits for a key while only modifiers are held', () => {
    expect(recordAccelerator(press('ControlLeft', 'Control', { ctrlKey: true }), 'linux')).toEqual({
      kind: 'held',
      modifiers: ['CommandOrControl'],
    });
    expect(
      recordAccelerator(press('ShiftRight', 'Shift', { ctrlKey: true, shiftKey: true }), 'linux'),
    ).toEqual({ kind: 'held', modifiers: ['CommandOrControl', 'Shift'] });
  });

  it('refuses a key without a modifier, or with Shift alone', () => {
    const alone = recordAccelerator(press('KeyP', 'p'), 'linux');
    expect(alone.kind).toBe('refused');
    expect(alone).toMatchObject({ message: expect.stringContaining('needs Control, Alt') });
    expect(recordAccelerator(press('KeyP', 'P', { shiftKey: true }), 'linux').kind).toBe('refused');
  });

  it('refuses a key Electron has no name for', () => {
    expect(recordAccelerator(press('Quote', "'", { ctrlKey: true }), 'linux')).toEqual({
      kind: 'refused',
      message: "“'” cannot be part of a global shortcut.",
    });
    expect(recordAccelerator(press('IntlBackslash', '<', { ctrlKey: true }), 'linux').kind).toBe(
      'refused',
    );
  });

  it('takes F1 to F24 and whole codes only: a code that only looks like a known one is refused', () => {
    const ctrl = { ctrlKey: true };
    expect(recordAccelerator(press('F1', 'F1', ctrl), 'linux')).toMatchObject({
      accelerator: 'CommandOrControl+F1',
    });
    expect(recordAccelerator(press('F24', 'F24', ctrl), 'linux')).toMatchObject({
      accelerator: 'CommandOrControl+F24',
    });
    for (const code of ['F0', 'F25', 'F100', 'KeyAB', 'XKeyA', 'Numpad10', 'XDigit1', 'XF5']) {
      expect(recordAccelerator(press(code, 'x', ctrl), 'linux').kind, code).toBe('refused');
    }
  });

  it('reads a letter or digit from the key only when the press has no code at all', () => {
    const ctrl = { ctrlKey: true };
    expect(recordAccelerator(press('', 'k', ctrl), 'linux')).toMatchObject({
      accelerator: 'CommandOrControl+K',
    });
    // A code it has no name for stays refused, whatever character it typed.
    expect(recordAccelerator(press('Lang1', 'a', ctrl), 'linux').kind).toBe('refused');
    // Without a code, only one letter or digit is a key: not a key's name.
    expect(recordAccelerator(press('', 'Enter', ctrl), 'linux').kind).toBe('refused');
    expect(recordAccelerator(press('', 'ab', ctrl), 'linux').kind).toBe('refused');
  });
});
