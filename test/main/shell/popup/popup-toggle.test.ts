import { describe, expect, it } from 'vitest';
import {
  BLUR_GRACE_MS,
  createPopupToggle,
  isDismissKey,
  type KeyInput,
} from '../../../../src/main/shell/popup/popup-toggle';

const escape: KeyInput = {
  type: 'keyDown',
  key: 'Escape',
  shift: false,
  control: false,
  alt: false,
  meta: false,
  isComposing: false,
};

describe('isDismissKey', () => {
  it('is a bare Escape press', () => {
    expect(isDismissKey(escape)).toBe(true);
  });

  it.each([
    ['its release', { ...escape, type: 'keyUp' }],
    ['another key', { ...escape, key: 'Enter' }],
    ['Shift+Escape', { ...escape, shift: true }],
    ['Ctrl+Escape', { ...escape, control: true }],
    ['Alt+Escape', { ...escape, alt: true }],
    ['Cmd+Escape', { ...escape, meta: true }],
    ['Escape ending an IME composition', { ...escape, isComposing: true }],
  ])('is not %s', (_why, input) => {
    expect(isDismissKey(input)).toBe(false);
  });
});

describe('createPopupToggle', () => {
  function clock() {
    let time = 1_000_000;
    return { now: () => time, advance: (ms: number) => (time += ms) };
  }

  it('shows a hidden popup and hides a visible one', () => {
    const toggle = createPopupToggle(clock().now);
    expect(toggle.decide(false)).toBe('show');
    expect(toggle.decide(true)).toBe('hide');
  });

  it('keeps the popup closed when the click that blurred it arrives just after', () => {
    const time = clock();
    const toggle = createPopupToggle(time.now);
    toggle.hiddenByBlur();
    time.advance(BLUR_GRACE_MS - 1);
    expect(toggle.decide(false)).toBe('stay-hidden');
  });

  it('opens again on the next click', () => {
    const time = clock();
    const toggle = createPopupToggle(time.now);
    toggle.hiddenByBlur();
    time.advance(50);
    expect(toggle.decide(false)).toBe('stay-hidden');
    time.advance(50);
    expect(toggle.decide(false)).toBe('show');
  });

  it('opens on a click well after the popup lost focus', () => {
    const time = clock();
    const toggle = createPopupToggle(time.now);
    toggle.hiddenByBlur();
    time.advance(BLUR_GRACE_MS);
    expect(toggle.decide(false)).toBe('show');
  });
});
