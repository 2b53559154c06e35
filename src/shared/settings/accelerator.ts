/**
 * A loose check of an Electron accelerator ("CommandOrControl+Shift+Space"): one or more known
 * modifiers, then exactly one key. It catches typos before Electron's globalShortcut refuses the
 * string; whether the OS grants the shortcut is only known when it is registered.
 * Key names follow Electron's accelerator documentation; matching is case-insensitive like Electron.
 */

const MODIFIERS = new Set([
  'command',
  'cmd',
  'control',
  'ctrl',
  'commandorcontrol',
  'cmdorctrl',
  'alt',
  'option',
  'altgr',
  'shift',
  'super',
  'meta',
]);

const NAMED_KEYS = new Set([
  'plus',
  'space',
  'tab',
  'capslock',
  'numlock',
  'scrolllock',
  'backspace',
  'delete',
  'insert',
  'return',
  'enter',
  'up',
  'down',
  'left',
  'right',
  'home',
  'end',
  'pageup',
  'pagedown',
  'escape',
  'esc',
  'volumeup',
  'volumedown',
  'volumemute',
  'medianexttrack',
  'mediaprevioustrack',
  'mediastop',
  'mediaplaypause',
  'printscreen',
  'numdec',
  'numadd',
  'numsub',
  'nummult',
  'numdiv',
]);

// '+' itself cannot appear as a key because it separates the parts: Electron spells it "Plus".
const PUNCTUATION = new Set([...')!@#$%^&*(:;=<,_->.?/~`{][|\\}"']);

export const ACCELERATOR_MAX_LENGTH = 100;

export function isAccelerator(text: string): boolean {
  if (text.length === 0 || text.length > ACCELERATOR_MAX_LENGTH) return false;
  const parts = text.split('+');
  const key = parts.pop();
  if (key === undefined || parts.length === 0 || !isKey(key)) return false;
  const modifiers = parts.map((part) => part.toLowerCase());
  return (
    modifiers.every((modifier) => MODIFIERS.has(modifier)) &&
    new Set(modifiers).size === modifiers.length
  );
}

function isKey(part: string): boolean {
  const name = part.toLowerCase();
  return (
    /^[a-z0-9]$/.test(name) ||
    /^f([1-9]|1[0-9]|2[0-4])$/.test(name) ||
    /^num[0-9]$/.test(name) ||
    NAMED_KEYS.has(name) ||
    PUNCTUATION.has(name)
  );
}
