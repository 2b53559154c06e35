import { describe, expect, it } from 'vitest';
import { labelLengthOf } from '../../../src/renderer/src/lib/label-length';

describe('labelLengthOf', () => {
  it('shows no counter and no problem for a short label', () => {
    expect(labelLengthOf('Office Berlin')).toEqual({ length: 13, counter: null, problem: null });
  });

  it('counts characters as people see them, from 900 on', () => {
    expect(labelLengthOf('x'.repeat(899)).counter).toBeNull();
    expect(labelLengthOf('👨‍👩‍👧‍👦'.repeat(900)).counter).toBe('900 / 1000');
    expect(labelLengthOf('🇩🇪'.repeat(1000))).toEqual({
      length: 1000,
      counter: '1000 / 1000',
      problem: null,
    });
  });

  it('says by how much a label is too long', () => {
    expect(labelLengthOf('x'.repeat(1001)).problem).toBe(
      'The label is 1 character too long: labels hold at most 1000.',
    );
    expect(labelLengthOf('x'.repeat(1204)).problem).toBe(
      'The label is 204 characters too long: labels hold at most 1000.',
    );
  });

  it('counts what is saved: the label without its outer spaces', () => {
    expect(labelLengthOf(`  ${'x'.repeat(1000)}  `).problem).toBeNull();
  });
});
