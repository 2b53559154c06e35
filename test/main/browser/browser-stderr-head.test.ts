import { describe, expect, it } from 'vitest';
import { StderrHead } from '../../../src/main/browser/browser-stderr-head';

describe('StderrHead', () => {
  it('keeps the first five non-blank lines, however the chunks cut them', () => {
    const head = new StderrHead();
    for (const chunk of ['fir', 'st\r\nsec', 'ond\n\n  \nthird\nfourth\n', 'fifth\nsixth\n']) {
      head.push(chunk);
    }
    expect(head.lines()).toEqual(['first', 'second', 'third', 'fourth', 'fifth']);
  });

  it('gives an unfinished last line too, and shortens long ones', () => {
    const head = new StderrHead();
    head.push(`${'a'.repeat(150)}`);
    head.push(`${'a'.repeat(150)}`);
    expect(head.lines()).toEqual([`${'a'.repeat(200)}…`]);
    expect(new StderrHead().lines()).toEqual([]);
  });
});
