import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { firstLineOf } from '../../../src/cli/args/stdin-line';

describe('the token on stdin', () => {
  it('is the first line, trimmed, whatever follows it or however it is split', async () => {
    expect(await firstLineOf(Readable.from(['  tok', 'en \r\nsecond line\n']))).toBe('token');
    expect(await firstLineOf(Readable.from([Buffer.from('abc')]))).toBe('abc');
  });

  it('is nothing when the line is empty', async () => {
    expect(await firstLineOf(Readable.from(['\nsecond\n']))).toBeUndefined();
    expect(await firstLineOf(Readable.from([]))).toBeUndefined();
  });

  it('stops at the first line break and at 16 KiB, never reading a whole file', async () => {
    let pulled = 0;
    const endless = new Readable({
      read() {
        pulled += 1;
        this.push(pulled === 1 ? 'first\n' : 'more\n');
      },
    });
    expect(await firstLineOf(endless)).toBe('first');
    expect(pulled).toBeLessThan(3);
    const huge = await firstLineOf(Readable.from(['x'.repeat(10_000), 'y'.repeat(10_000)]));
    expect(huge).toBe('x'.repeat(10_000) + 'y'.repeat(6_384));
    // A file with no line break at all (a binary piped by mistake): read no further than 16 KiB.
    let chunks = 0;
    const unbroken = new Readable({
      read() {
        chunks += 1;
        this.push(chunks <= 100 ? 'z'.repeat(1000) : null);
      },
    });
    expect(await firstLineOf(unbroken)).toBe('z'.repeat(16_384));
    expect(chunks).toBeLessThan(20);
  });
});
