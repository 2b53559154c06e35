import { describe, expect, it } from 'vitest';
import {
  searchKeystroke,
  typedQuery,
  type KeyPress,
} from '../../../src/renderer/src/lib/search-keystroke';

const press = (key: string, modifiers: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  isComposing: false,
  ...modifiers,
});

describe('searchKeystroke', () => {
  it('types a printable character, capitals, digits and other scripts included', () => {
    expect(searchKeystroke(press('a'), 'other')).toEqual({ append: 'a' });
    expect(searchKeystroke(press('Z'), 'activatable')).toEqual({ append: 'Z' });
    expect(searchKeystroke(press('7'), 'other')).toEqual({ append: '7' });
    expect(searchKeystroke(press('ж'), 'other')).toEqual({ append: 'ж' });
    expect(searchKeystroke(press('😀'), 'other')).toEqual({ append: '😀' });
  });

  it('erases with Backspace', () => {
    expect(searchKeystroke(press('Backspace'), 'activatable')).toBe('erase');
  });

  it('leaves a field or label editor its own keys', () => {
    expect(searchKeystroke(press('a'), 'text-entry')).toBeNull();
    expect(searchKeystroke(press('Backspace'), 'text-entry')).toBeNull();
  });

  it('leaves shortcuts, named keys, compositions and "/" alone', () => {
    expect(searchKeystroke(press('b', { ctrlKey: true }), 'other')).toBeNull();
    expect(searchKeystroke(press('f', { metaKey: true }), 'other')).toBeNull();
    expect(searchKeystroke(press('x', { altKey: true }), 'other')).toBeNull();
    expect(searchKeystroke(press('a', { isComposing: true }), 'other')).toBeNull();
    expect(searchKeystroke(press('Enter'), 'other')).toBeNull();
    expect(searchKeystroke(press('ArrowDown'), 'other')).toBeNull();
    expect(searchKeystroke(press('/'), 'other')).toBeNull();
  });

  it('keeps Space for the button it would press, and types it elsewhere', () => {
    expect(searchKeystroke(press(' '), 'activatable')).toBeNull();
    expect(searchKeystroke(press(' '), 'other')).toEqual({ append: ' ' });
  });
});

describe('typedQuery', () => {
  it('adds the character at the end', () => {
    expect(typedQuery('de', { append: '-' })).toBe('de-');
  });

  it('erases the last character, a whole emoji too, and nothing from an empty query', () => {
    expect(typedQuery('de-1', 'erase')).toBe('de-');
    expect(typedQuery('a😀', 'erase')).toBe('a');
    expect(typedQuery('', 'erase')).toBe('');
  });
});
