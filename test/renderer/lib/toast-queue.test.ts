import { describe, expect, it } from 'vitest';
import {
  admit,
  leavesByItself,
  MAX_TOASTS,
  type QueuedToast,
  type ToastKind,
} from '../../../src/renderer/src/lib/toast-queue';

let nextId = 1;
const toast = (kind: ToastKind, lasting = false): QueuedToast => ({
  id: nextId++,
  kind,
  ...(lasting ? { lasting } : {}),
});
const ids = (items: readonly QueuedToast[]) => items.map((item) => item.id);

describe('admit', () => {
  it('shows at most three', () => {
    expect(MAX_TOASTS).toBe(3);
    let shown: QueuedToast[] = [];
    for (let i = 0; i < 5; i += 1) shown = admit(shown, toast('success'));
    expect(shown).toHaveLength(3);
  });

  it('lets the oldest toast that is not an error go first', () => {
    const [error, info, warning] = [toast('error'), toast('info'), toast('warning')];
    const added = toast('success');
    expect(ids(admit([error, info, warning], added))).toEqual([error.id, warning.id, added.id]);
    const next = toast('error');
    expect(ids(admit([error, warning, added], next))).toEqual([error.id, added.id, next.id]);
  });

  it('lets the oldest error go only when all are errors, and never the new toast', () => {
    const errors = [toast('error'), toast('error'), toast('error')];
    const added = toast('info');
    expect(ids(admit(errors, added))).toEqual([errors[1]?.id, errors[2]?.id, added.id]);
  });

  it('keeps everything while there is room', () => {
    const shown = [toast('error'), toast('info')];
    const added = toast('warning');
    expect(ids(admit(shown, added))).toEqual([...ids(shown), added.id]);
  });
});

describe('leavesByItself', () => {
  it('is news only: success and info, unless their owner takes them down', () => {
    expect(leavesByItself(toast('success'))).toBe(true);
    expect(leavesByItself(toast('info'))).toBe(true);
    expect(leavesByItself(toast('warning'))).toBe(false);
    expect(leavesByItself(toast('error'))).toBe(false);
    expect(leavesByItself(toast('success', true))).toBe(false);
  });
});
