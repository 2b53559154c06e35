import { describe, expect, it } from 'vitest';
import { MAX_MENU_LABEL_LENGTH, menuLabel } from '../../../../src/main/shell/tray/menu-label';

describe('menuLabel', () => {
  it('doubles every ampersand so Electron shows it instead of taking it as a mnemonic', () => {
    expect(menuLabel('Sales & Marketing')).toBe('Sales && Marketing');
    expect(menuLabel('A&&B&')).toBe('A&&&&B&&');
  });

  it('drops direction controls, which would turn the words after a name around', () => {
    expect(menuLabel('Resi\u202Edential \u2067US\u2069 (3 IPs)')).toBe('Residential US (3 IPs)');
    expect(menuLabel('شبكة ألمانيا')).toBe('شبكة ألمانيا');
  });

  it('leaves ordinary text alone', () => {
    expect(menuLabel('Residential US — 10 IPs')).toBe('Residential US — 10 IPs');
  });

  it('puts a multi-line or tab-ridden name on one line', () => {
    expect(menuLabel('  first\nsecond\r\n\tthird\u2028fourth  ')).toBe('first second third fourth');
  });

  it('cuts long names with an ellipsis', () => {
    const label = menuLabel('x'.repeat(200));
    expect(Array.from(label)).toHaveLength(MAX_MENU_LABEL_LENGTH);
    expect(label.endsWith('…')).toBe(true);
  });

  it('escapes ampersands after cutting, so none is split from its twin', () => {
    const label = menuLabel(`${'a'.repeat(MAX_MENU_LABEL_LENGTH - 2)}&&&&&&`);
    expect(label).toBe(`${'a'.repeat(MAX_MENU_LABEL_LENGTH - 2)}&&…`);
  });

  it('never cuts an emoji in half', () => {
    const label = menuLabel('😀'.repeat(100));
    expect(label).toBe(`${'😀'.repeat(MAX_MENU_LABEL_LENGTH - 1)}…`);
  });
});
