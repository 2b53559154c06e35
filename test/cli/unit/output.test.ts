import { describe, expect, it } from 'vitest';
import { PROXY_COLUMNS, durationText, rotationText } from '../../../src/cli/output/proxy-table';
import { styleOf } from '../../../src/cli/output/style';
import { renderJson, renderRecords, renderTable } from '../../../src/cli/output/table';
import { terminalMessage, terminalText } from '../../../src/cli/output/terminal-text';
import type { CliIo } from '../../../src/cli/cli-io';
import { Readable } from 'node:stream';
import { planView, proxyView } from '../../renderer/lib/view-fixtures';

const rows = [
  { id: 7, name: 'Shop', note: 'a\tb' },
  { id: 1234, name: 'Très long nom', note: '' },
];
const columns = [
  { title: 'ID', value: (row: (typeof rows)[number]) => String(row.id), alignRight: true as const },
  { title: 'NAME', value: (row: (typeof rows)[number]) => row.name },
  { title: 'NOTE', value: (row: (typeof rows)[number]) => row.note },
];

describe('a table for a person', () => {
  it('pads each column to its widest cell, numbers to the right, no trailing spaces', () => {
    expect(renderTable(rows, columns)).toBe(
      '  ID  NAME           NOTE\n' + '   7  Shop           a\uFFFDb\n' + '1234  Très long nom\n',
    );
  });

  it('makes every cell safe for the terminal', () => {
    expect(terminalText('x\u001b[2Jy\u009b\u202Ez')).toBe('x\uFFFD[2Jy\uFFFDz');
    expect(terminalMessage('one\tx\u0007\ntwo')).toBe('one\tx\uFFFD\ntwo');
  });

  it('pads a last column that is not last in its row, and right-aligns numbers there too', () => {
    const numbers = [
      { title: 'NAME', value: (row: { n: number }) => `n${row.n}` },
      { title: 'N', value: (row: { n: number }) => String(row.n), alignRight: true as const },
    ];
    expect(renderTable([{ n: 5 }, { n: 500 }], numbers)).toBe('NAME    N\nn5      5\nn500  500\n');
  });

  it('bolds the header only when styled', () => {
    const bold = renderTable(rows, columns, { bold: (text) => `<${text}>` });
    expect(bold.split('\n')[0]).toBe('<  ID  NAME           NOTE>');
  });
});

describe('records for a program', () => {
  it('are one line each, tab-separated, a tab or line break inside a field a space', () => {
    expect(renderRecords([{ id: 1, name: 'a\nb', note: 'c\td' }], columns)).toBe('1\ta b\tc d\n');
    expect(renderRecords(rows, columns)).toBe('7\tShop\ta b\n1234\tTrès long nom\t\n');
  });

  it('or JSON, indented, ending with a line break', () => {
    expect(renderJson({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}\n');
  });
});

describe('the proxies as `proxies` lists them', () => {
  const labelled = proxyView(7, { label: 'DE-1', is_rotating: true, rotate_interval: 600 });
  const bare = proxyView(1234, { ip: '2001:db8::5', label: null, is_rotating: false });
  const plan = planView(3, 'Shop DE', [labelled, bare]);
  const listed = [labelled, bare].map((proxy) => ({ plan, proxy }));

  it('has its columns in this order, ids to the right, an IPv6 host bracketed, no password', () => {
    expect(renderTable(listed, PROXY_COLUMNS)).toBe(
      '  ID  PLAN     LABEL  ADDRESS              USERNAME  ROTATION\n' +
        '   7  Shop DE  DE-1   192.0.2.7:10007      user7     every 10m\n' +
        '1234  Shop DE         [2001:db8::5]:11234  user1234  static\n',
    );
    expect(renderRecords(listed, PROXY_COLUMNS)).toBe(
      '7\tShop DE\tDE-1\t192.0.2.7:10007\tuser7\tevery 10m\n' +
        '1234\tShop DE\t\t[2001:db8::5]:11234\tuser1234\tstatic\n',
    );
  });
});

describe('rotation as shown', () => {
  it('reads as interval words that `interval` takes back', () => {
    expect(rotationText({ is_rotating: true, rotate_interval: 600 })).toBe('every 10m');
    expect(rotationText({ is_rotating: true, rotate_interval: 0 })).toBe('rotating');
    expect(rotationText({ is_rotating: false, rotate_interval: 600 })).toBe('static');
    expect(rotationText({ is_rotating: null, rotate_interval: null })).toBe('—');
    expect([90, 120, 7200, 86_400, 90_000].map(durationText)).toEqual([
      '90s',
      '2m',
      '2h',
      '1d',
      '25h',
    ]);
  });
});

describe('colour', () => {
  const io = (env: Record<string, string>, terminal: boolean): CliIo => ({
    stdout: { write: () => true },
    stderr: { write: () => true },
    stdin: Readable.from([]),
    env,
    stdoutIsTerminal: terminal,
    stderrIsTerminal: terminal,
    stopped: () => new Promise<void>(() => undefined),
  });

  it('is for a person on a terminal only, never with NO_COLOR or TERM=dumb', () => {
    expect(styleOf(io({}, true), 'stderr').red('x')).toBe('\u001b[31mx\u001b[39m');
    expect(styleOf(io({}, false), 'stderr').red('x')).toBe('x');
    expect(styleOf(io({ NO_COLOR: '1' }, true), 'stdout').bold('x')).toBe('x');
    expect(styleOf(io({ NO_COLOR: '' }, true), 'stdout').bold('x')).toBe('\u001b[1mx\u001b[22m');
    expect(styleOf(io({ TERM: 'dumb' }, true), 'stdout').bold('x')).toBe('x');
  });
});
