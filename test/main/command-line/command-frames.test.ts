import { describe, expect, it } from 'vitest';
import { frameLine, LineReader } from '../../../src/main/command-line/command-frames';

describe('LineReader', () => {
  it('reads one message a line, across chunks and several in one chunk', () => {
    const reader = new LineReader(1024);
    expect(reader.push(Buffer.from('{"a":'))).toEqual([]);
    expect(reader.push(Buffer.from('1}\n{"b":2}\n{"c"'))).toEqual([
      { kind: 'message', value: { a: 1 } },
      { kind: 'message', value: { b: 2 } },
    ]);
    expect(reader.push(Buffer.from(':3}\n'))).toEqual([{ kind: 'message', value: { c: 3 } }]);
  });

  it('joins a multibyte character split between two chunks', () => {
    const bytes = Buffer.from(frameLine({ label: 'Zürich 東京 🦊' }));
    const reader = new LineReader(1024);
    const cut = bytes.indexOf(0xf0) + 2; // inside the four bytes of the fox
    expect([...reader.push(bytes.subarray(0, cut)), ...reader.push(bytes.subarray(cut))]).toEqual([
      { kind: 'message', value: { label: 'Zürich 東京 🦊' } },
    ]);
  });

  it('a line of exactly the cap is read; one byte more ends the reading', () => {
    const atCap = `"${'x'.repeat(8)}"`; // 10 bytes
    expect(new LineReader(10).push(Buffer.from(`${atCap}\n`))).toEqual([
      { kind: 'message', value: 'xxxxxxxx' },
    ]);
    const reader = new LineReader(10);
    expect(reader.push(Buffer.from(`"${'x'.repeat(9)}"\n{}\n`))).toEqual([
      { kind: 'too-long', message: 'A line was longer than 10 bytes.' },
    ]);
    expect(reader.push(Buffer.from('{}\n'))).toEqual([]);
  });

  it('a line over the cap is refused before its newline arrives, counted in bytes', () => {
    const reader = new LineReader(10);
    expect(reader.push(Buffer.from('"éééé'))).toEqual([]); // 9 bytes
    expect(reader.push(Buffer.from('é'))).toEqual([
      { kind: 'too-long', message: 'A line was longer than 10 bytes.' },
    ]);
  });

  it('a line that is not JSON ends the reading, the messages before it kept', () => {
    const reader = new LineReader(1024);
    expect(reader.push(Buffer.from('{"ok":1}\n{nope\n{"late":1}\n'))).toEqual([
      { kind: 'message', value: { ok: 1 } },
      { kind: 'bad-line', message: 'A line was not JSON.' },
    ]);
    expect(reader.push(Buffer.from('{}\n'))).toEqual([]);
  });
});

describe('frameLine', () => {
  it('writes one line, newlines inside strings escaped', () => {
    const line = frameLine({ text: 'a\nb' });
    expect(line).toBe('{"text":"a\\nb"}\n');
    expect(line.indexOf('\n')).toBe(line.length - 1);
  });
});
