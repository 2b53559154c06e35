import { describe, expect, it } from 'vitest';
import { toastEdge } from '../../../src/renderer/src/lib/toast-placement';

// A 560 px popup with a 100 px stack of toasts: at the bottom they take 450–550, at the top 10–110.
const VIEWPORT = 560;
const STACK = 100;

describe('toastEdge', () => {
  it('keeps the toasts at the bottom while the focused control is clear of them', () => {
    expect(toastEdge({ top: 200, bottom: 230 }, STACK, VIEWPORT)).toBe('bottom');
    expect(toastEdge({ top: 420, bottom: 450 }, STACK, VIEWPORT)).toBe('bottom');
    expect(toastEdge(null, STACK, VIEWPORT)).toBe('bottom');
  });

  it('moves them to the top when the focused control is under where they would be', () => {
    expect(toastEdge({ top: 449, bottom: 479 }, STACK, VIEWPORT)).toBe('top');
    expect(toastEdge({ top: 520, bottom: 552 }, STACK, VIEWPORT)).toBe('top');
  });

  it('leaves them at the bottom for a control too tall to clear at either edge', () => {
    expect(toastEdge({ top: 50, bottom: 540 }, STACK, VIEWPORT)).toBe('bottom');
  });

  it('has nothing to move when no toast is shown', () => {
    expect(toastEdge({ top: 520, bottom: 552 }, 0, VIEWPORT)).toBe('bottom');
  });
});
