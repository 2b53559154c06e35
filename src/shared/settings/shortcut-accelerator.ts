/**
 * Checks a global shortcut typed or recorded in Settings before it reaches globalShortcut, so
 * the user reads why it was refused instead of Electron's conversion error. Follows Electron's
 * Accelerator grammar: modifiers and one key code joined by "+", case-insensitive.
 */

export type AcceleratorCheck = { ok: true; accelerator: string } | { ok: false; message: string };

/** Canonical spelling of each modifier, keyed by every accepted spelling (lower case). */
const MODIFIERS: Record<string, string> = {
  command: 'Command',
  cmd: 'Command',
  control: 'Control',
  ctrl: 'Control',
  commandorcontrol: 'CommandOrControl',
  cmdorctrl: 'CommandOrControl',
  alt: 'Alt',
  option: 'Option',
  altgr: 'AltGr',
  shift: 'Shift',
  super: 'Super',
  meta: 'Super',
};

/** Order in which the canonical form lists modifiers. */
const MODIFIER_ORDER = [
  'CommandOrControl',
  'Command',
  'Control',
  'Super',
  'Alt',
  'Option',
  'AltGr',
  'Shift',
];

/** Named key codes, keyed by their lower-case spelling. */
const NAMED_KEYS: Record<string, string> = Object.fromEntries(
  [
    'Plus',
    'Space',
    'Tab',
    'Capslock',
    'Numlock',
    'Scrolllock',
    'Backspace',
    'Delete',
    'Insert',
    'Return',
    'Up',
    'Down',
    'Left',
    'Right',
    'Home',
    'End',
    'PageUp',
    'PageDown',
    'Escape',
    'VolumeUp',
    'VolumeDown',
    'VolumeMute',
    'MediaNextTrack',
    'MediaPreviousTrack',
    'MediaStop',
    'MediaPlayPause',
    'PrintScreen',
    'numdec',
    'numadd',
    'numsub',
    'nummult',
    'numdiv',
    ...Array.from({ length: 10 }, (_, digit) => `num${digit}`),
    ...Array.from({ length: 24 }, (_, index) => `F${index + 1}`),
  ].map((name) => [name.toLowerCase(), name]),
);
NAMED_KEYS['enter'] = 'Return';
NAMED_KEYS['esc'] = 'Escape';

const PUNCTUATION = new Set(Array.from(')!@#$%^&*(:;+=<,_->.?/~`{][|\\}"'));

function keyCode(part: string): string | undefined {
  if (/^[a-z0-9]$/i.test(part)) return part.toUpperCase();
  if (PUNCTUATION.has(part)) return part;
  return NAMED_KEYS[part.toLowerCase()];
}

/** Splits on "+", reading a trailing "++" as the "+" key itself ("Control++"). */
function splitParts(accelerator: string): string[] {
  if (accelerator.endsWith('++')) return [...accelerator.slice(0, -2).split('+'), '+'];
  return accelerator.split('+');
}

export function checkAccelerator(
  input: string,
  /** `process.platform` of the machine the shortcut is for: some modifiers exist only on macOS. */
  platform: string,
): AcceleratorCheck {
  const text = input.trim();
  if (!text)
    return { ok: false, message: 'Enter a shortcut, for example CommandOrControl+Shift+Space.' };
  const parts = splitParts(text).map((part) => part.trim());
  if (parts.some((part) => part === '')) {
    return {
      ok: false,
      message: `"${text}" is not a shortcut: an empty part between "+" signs. To use the + key, write Plus.`,
    };
  }
  const keyPart = parts[parts.length - 1] as string;
  const modifierParts = parts.slice(0, -1);

  const modifiers: string[] = [];
  for (const part of modifierParts) {
    const modifier = MODIFIERS[part.toLowerCase()];
    if (!modifier) {
      const hint = keyCode(part) ? ' Put the key last, after the modifiers.' : '';
      return {
        ok: false,
        message: `"${part}" is not a modifier key (Control, Alt, Shift, Super…).${hint}`,
      };
    }
    if (modifiers.includes(modifier)) {
      return { ok: false, message: `${modifier} appears twice in "${text}".` };
    }
    modifiers.push(modifier);
  }
  if (MODIFIERS[keyPart.toLowerCase()]) {
    return {
      ok: false,
      message: `"${text}" has no key: add one after the modifiers, like ${text}+Space.`,
    };
  }
  const key = keyCode(keyPart);
  if (!key) return { ok: false, message: `"${keyPart}" is not a key Electron knows.` };

  if (platform !== 'darwin') {
    const macOnly = modifiers.find((modifier) => modifier === 'Command' || modifier === 'Option');
    if (macOnly) {
      const instead = macOnly === 'Command' ? 'CommandOrControl' : 'Alt';
      return { ok: false, message: `${macOnly} exists only on macOS: use ${instead} instead.` };
    }
  }
  // Shift alone would steal capital letters and symbols from every app while Proxy Tray runs.
  if (!modifiers.some((modifier) => modifier !== 'Shift')) {
    return {
      ok: false,
      message: `A global shortcut needs Control, Alt, Super or Command, or it would take "${key}" away from every other app.`,
    };
  }

  modifiers.sort((a, b) => MODIFIER_ORDER.indexOf(a) - MODIFIER_ORDER.indexOf(b));
  return { ok: true, accelerator: [...modifiers, key].join('+') };
}

/**
 * macOS shows a shortcut as its menus do: the modifiers' symbols, in Apple's order (Control,
 * Option, Shift, Command), joined to the key without "+" ("⌥⇧⌘P"). Its users know Alt as Option
 * and Super (the Windows key) as Command: that is what their keys say.
 */
const MAC_MODIFIER_SYMBOLS: Readonly<Record<string, string>> = {
  Control: '⌃',
  Alt: '⌥',
  Option: '⌥',
  Shift: '⇧',
  CommandOrControl: '⌘',
  Command: '⌘',
  Super: '⌘',
};
const MAC_SYMBOL_ORDER = '⌃⌥⇧⌘';

function describeOnMac(parts: string[]): string {
  const symbols = parts.map((part) => MAC_MODIFIER_SYMBOLS[part]);
  const modifiers = [...new Set(symbols.filter((symbol) => symbol !== undefined))].sort(
    (a, b) => MAC_SYMBOL_ORDER.indexOf(a) - MAC_SYMBOL_ORDER.indexOf(b),
  );
  const rest = parts.filter((_, index) => symbols[index] === undefined);
  return [...modifiers, ...rest].join('');
}

/**
 * A shortcut as people say it on this platform ("Ctrl+Shift+Space", on macOS "⇧⌘Space"), for
 * messages and the shortcut field. A last part that is no key ("…") is kept as it is.
 */
export function describeAccelerator(accelerator: string, platform: string): string {
  const parts = splitParts(accelerator);
  if (platform === 'darwin') return describeOnMac(parts);
  return parts
    .map((part) => {
      if (part === 'CommandOrControl' || part === 'Control') return 'Ctrl';
      if (part === 'Command') return 'Cmd';
      if (part === 'Super') return platform === 'win32' ? 'Win' : 'Super';
      return part;
    })
    .join('+');
}
