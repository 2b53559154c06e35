import { checkAccelerator } from '../../../shared/settings/shortcut-accelerator';

/**
 * A key press in the shortcut recorder, as Electron's Accelerator grammar spells it. The key is
 * read from `code`, the key's place on the keyboard: with Shift or Option held, `key` is another
 * character ("Ctrl+Shift+1" types "!", Option+P types "π") but the shortcut is the same key.
 */

export interface RecorderPress {
  key: string;
  code: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

export type Recording =
  /** Esc alone: keep the shortcut as it was. */
  | { kind: 'cancel' }
  /** Backspace or Delete alone: no shortcut. */
  | { kind: 'clear' }
  /** Only modifiers so far: these are held (in the accelerator's order), the key is to come. */
  | { kind: 'held'; modifiers: string[] }
  | { kind: 'refused'; message: string }
  | { kind: 'recorded'; accelerator: string };

const NAMED_CODES: Record<string, string> = {
  Space: 'Space',
  Tab: 'Tab',
  Backspace: 'Backspace',
  Delete: 'Delete',
  Insert: 'Insert',
  Enter: 'Return',
  NumpadEnter: 'Return',
  ArrowUp: 'Up',
  ArrowDown: 'Down',
  ArrowLeft: 'Left',
  ArrowRight: 'Right',
  Home: 'Home',
  End: 'End',
  PageUp: 'PageUp',
  PageDown: 'PageDown',
  Escape: 'Escape',
  PrintScreen: 'PrintScreen',
  AudioVolumeUp: 'VolumeUp',
  AudioVolumeDown: 'VolumeDown',
  AudioVolumeMute: 'VolumeMute',
  MediaTrackNext: 'MediaNextTrack',
  MediaTrackPrevious: 'MediaPreviousTrack',
  MediaStop: 'MediaStop',
  MediaPlayPause: 'MediaPlayPause',
  NumpadAdd: 'numadd',
  NumpadSubtract: 'numsub',
  NumpadMultiply: 'nummult',
  NumpadDivide: 'numdiv',
  NumpadDecimal: 'numdec',
  Minus: '-',
  Equal: '=',
  BracketLeft: '[',
  BracketRight: ']',
  Backslash: '\\',
  Semicolon: ';',
  Comma: ',',
  Period: '.',
  Slash: '/',
  Backquote: '`',
};

const MODIFIER_CODE = /^(Shift|Control|Alt|Meta|OS)(Left|Right)?$|^AltGraph$/;

/** The key's name in an accelerator, or undefined for a key Electron has no name for. */
function acceleratorKey(press: RecorderPress): string | undefined {
  const letter = /^Key([A-Z])$/.exec(press.code);
  if (letter) return letter[1];
  const digit = /^(?:Digit|Numpad)(\d)$/.exec(press.code);
  if (digit) return press.code.startsWith('Numpad') ? `num${digit[1]}` : digit[1];
  const fKey = /^F(\d{1,2})$/.exec(press.code);
  if (fKey && Number(fKey[1]) >= 1 && Number(fKey[1]) <= 24) return press.code;
  const named = NAMED_CODES[press.code];
  if (named) return named;
  // No code (some virtual keyboards): a letter or digit is still that key.
  if (press.code === '' && /^[a-z0-9]$/i.test(press.key)) return press.key.toUpperCase();
  return undefined;
}

/**
 * The modifiers held, portable where the platform allows: the key that copies and pastes (Ctrl,
 * on macOS Cmd) is CommandOrControl, as in the default shortcut, so a settings file moved to
 * another system still means the same keys there.
 */
function heldModifiers(press: RecorderPress, platform: string): string[] {
  const mac = platform === 'darwin';
  const held: string[] = [];
  if (mac ? press.metaKey : press.ctrlKey) held.push('CommandOrControl');
  if (mac && press.ctrlKey) held.push('Control');
  if (!mac && press.metaKey) held.push('Super');
  if (press.altKey) held.push('Alt');
  if (press.shiftKey) held.push('Shift');
  return held;
}

export function recordAccelerator(press: RecorderPress, platform: string): Recording {
  const modifiers = heldModifiers(press, platform);
  if (modifiers.length === 0 && press.code === 'Escape') return { kind: 'cancel' };
  if (modifiers.length === 0 && (press.code === 'Backspace' || press.code === 'Delete')) {
    return { kind: 'clear' };
  }
  if (MODIFIER_CODE.test(press.code) || press.key === 'Dead') return { kind: 'held', modifiers };
  const key = acceleratorKey(press);
  if (!key) {
    return { kind: 'refused', message: `“${press.key}” cannot be part of a global shortcut.` };
  }
  // The shared check refuses a key without Control, Alt, Super or Command, and sorts the rest.
  const checked = checkAccelerator([...modifiers, key].join('+'), platform);
  return checked.ok
    ? { kind: 'recorded', accelerator: checked.accelerator }
    : { kind: 'refused', message: checked.message };
}
