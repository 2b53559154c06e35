import { describe, expect, it } from 'vitest';
import { GatheredWrites } from '../../../../src/main/local-ports/relay/gathered-writes';

/** The writes the app's socket would get, each as the text it carries. */
function recorded(): { writes: string[]; gathered: GatheredWrites } {
  const writes: string[] = [];
  const gathered = new GatheredWrites((data) =>
    writes.push(typeof data === 'string' ? data : data.toString('latin1')),
  );
  return { writes, gathered };
}

describe('the pieces one upstream read becomes', () => {
  it('go to the app as one write: a head, a chunk framing and a short body', () => {
    const { writes, gathered } = recorded();
    gathered.during(() => {
      gathered.add(Buffer.from('HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n', 'latin1'));
      gathered.add('2\r\n');
      gathered.add(Buffer.from('ok'));
      gathered.add('\r\n');
      // Expect nothing before the read is done.
      expect(writes).toEqual([]);
    });
    expect(writes).toEqual(['HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n2\r\nok\r\n']);
  });

  it('keep every byte of a head as it is (latin1, not UTF-8)', () => {
    const { writes, gathered } = recorded();
    const head = Buffer.from('Content-Disposition: f\xe9\r\n', 'latin1');
    gathered.during(() => {
      gathered.add(head);
      gathered.add('X-Name: \xe9\r\n\r\n');
    });
    expect(Buffer.from(writes[0] ?? '', 'latin1')).toEqual(
      Buffer.concat([head, Buffer.from('X-Name: \xe9\r\n\r\n', 'latin1')]),
    );
  });

  it('pass a download-sized piece as it is, after what was gathered before it', () => {
    const { writes, gathered } = recorded();
    const big = Buffer.alloc(16 * 1024, 0x61);
    gathered.during(() => {
      gathered.add('head\r\n');
      gathered.add(big);
      gathered.add('tail');
    });
    expect(writes).toEqual(['head\r\n', big.toString('latin1'), 'tail']);
  });

  it('gather a piece just under the size a download is written as is', () => {
    const { writes, gathered } = recorded();
    gathered.during(() => {
      gathered.add('a');
      gathered.add(Buffer.alloc(16 * 1024 - 1, 0x62));
    });
    expect(writes).toHaveLength(1);
  });

  it('are written at once before any read', () => {
    const { writes, gathered } = recorded();
    gathered.add('first');
    expect(writes).toEqual(['first']);
  });

  it('are written at once outside a read, one by one, also after a read', () => {
    const { writes, gathered } = recorded();
    gathered.during(() => gathered.add('read'));
    gathered.add('one');
    gathered.add('two');
    expect(writes).toEqual(['read', 'one', 'two']);
  });

  it('are sent when flushed, before a last reply written another way', () => {
    const { writes, gathered } = recorded();
    gathered.during(() => {
      gathered.add('answer');
      gathered.flush();
      writes.push('closing reply');
      gathered.add('more');
    });
    expect(writes).toEqual(['answer', 'closing reply', 'more']);
  });

  it('are sent even when the read fails half-way', () => {
    const { writes, gathered } = recorded();
    expect(() =>
      gathered.during(() => {
        gathered.add('part');
        throw new Error('parser broke');
      }),
    ).toThrow('parser broke');
    expect(writes).toEqual(['part']);
  });

  it('hand back what the read returned', () => {
    const { gathered } = recorded();
    expect(gathered.during(() => 42)).toBe(42);
  });
});
