import { describe, expect, it } from 'vitest';
import type { Proxy } from '../../../src/shared/api';
import { exportFileName, exportProxies } from '../../../src/shared/export/export-proxies';
import type { ExportedProxy } from '../../../src/shared/export/exported-proxy';
import { parseCsv } from '../../support/parse-csv';

const proxy = (id: number, overrides: Partial<Proxy> = {}): Proxy => ({
  id,
  username: `u${id}`,
  password: 'p@ss:0/x',
  ip: '203.0.113.7',
  port: 8000 + id,
  assigned_proxy_ipv4: '198.51.100.7',
  assigned_proxy_ipv6: '2001:db8::7',
  is_rotating: true,
  rotate_interval: 300,
  plan_ip_class: 4,
  label: null,
  ...overrides,
});

const plan = { id: 11, name: 'Residential US' };
const entries: ExportedProxy[] = [
  { plan, proxy: proxy(1), label: 'Shop, "EU"\nline two' },
  { plan, proxy: proxy(2, { username: '=HYPERLINK("http://x")' }), label: null },
];

describe('exportProxies', () => {
  it('writes one credential per line in the chosen format', () => {
    expect(
      exportProxies(entries, {
        kind: 'lines',
        credentials: { format: 'ip-port-user-pass', hostChoice: 'entry' },
      }),
    ).toBe('203.0.113.7:8001:u1:p@ss:0/x\n203.0.113.7:8002:=HYPERLINK("http://x"):p@ss:0/x\n');
    expect(
      exportProxies(entries.slice(0, 1), {
        kind: 'lines',
        credentials: { format: 'http-url', hostChoice: 'ipv6' },
      }),
    ).toBe('http://u1:p%40ss%3A0%2Fx@[2001:db8::7]:8001\n');
  });

  it('writes CSV with every field and the label, quoted so that odd characters survive', () => {
    const rows = parseCsv(exportProxies(entries, { kind: 'csv' }));
    expect(rows[0]).toEqual([
      'plan_id',
      'plan_name',
      'id',
      'label',
      'ip',
      'port',
      'username',
      'password',
      'assigned_proxy_ipv4',
      'assigned_proxy_ipv6',
      'is_rotating',
      'rotate_interval',
      'plan_ip_class',
    ]);
    expect(rows[1]).toEqual([
      '11',
      'Residential US',
      '1',
      'Shop, "EU"\nline two',
      '203.0.113.7',
      '8001',
      'u1',
      'p@ss:0/x',
      '198.51.100.7',
      '2001:db8::7',
      'true',
      '300',
      '4',
    ]);
    // Credentials exactly as listed, even where a spreadsheet would read a formula: tools log in
    // with them.
    expect(rows[2]?.[6]).toBe('=HYPERLINK("http://x")');
    expect(rows).toHaveLength(3);
  });

  it('writes credentials exactly in CSV, guarding only the label and the plan name', () => {
    const hostile: ExportedProxy[] = [
      {
        plan: { id: 12, name: '@plan' },
        proxy: proxy(4, { username: '+user', password: '-p=ss', ip: '@host' }),
        label: '=1+1',
      },
    ];
    const [, row] = parseCsv(exportProxies(hostile, { kind: 'csv' }));
    expect(row?.slice(0, 8)).toEqual([
      '12',
      "'@plan",
      '4',
      "'=1+1",
      '@host',
      '8004',
      '+user',
      '-p=ss',
    ]);
  });

  it('guards every field that starts like a formula in the CSV for spreadsheets', () => {
    const hostile: ExportedProxy[] = [
      {
        plan: { id: 12, name: '@plan' },
        proxy: proxy(4, { username: '+user', password: '\tp', plan_ip_class: -1 }),
        label: 'plain',
      },
    ];
    const [, row] = parseCsv(exportProxies(hostile, { kind: 'csv-spreadsheet' }));
    expect(row).toEqual([
      '12',
      "'@plan",
      '4',
      'plain',
      '203.0.113.7',
      '8004',
      "'+user",
      "'\tp",
      '198.51.100.7',
      '2001:db8::7',
      'true',
      '300',
      "'-1",
    ]);
  });

  it('writes what the service did not say as empty CSV fields and JSON nulls, a host name as is', () => {
    const sparse = proxy(3, {
      ip: 'gate.example.com',
      assigned_proxy_ipv4: null,
      assigned_proxy_ipv6: null,
      is_rotating: null,
      rotate_interval: null,
      plan_ip_class: null,
      label: 'sent by the service',
    });
    const only: ExportedProxy[] = [{ plan, proxy: sparse, label: 'shown label' }];
    const [, row] = parseCsv(exportProxies(only, { kind: 'csv' }));
    expect(row).toEqual([
      '11',
      'Residential US',
      '3',
      'shown label',
      'gate.example.com',
      '8003',
      'u3',
      'p@ss:0/x',
      '',
      '',
      '',
      '',
      '',
    ]);
    const [json] = JSON.parse(exportProxies(only, { kind: 'json' })) as Record<string, unknown>[];
    expect(json).toMatchObject({
      label: 'shown label',
      assigned_proxy_ipv6: null,
      is_rotating: null,
    });
    // The assigned-address host choice falls back to the entry address where there is none.
    expect(
      exportProxies(only, {
        kind: 'lines',
        credentials: { format: 'ip-port-user-pass', hostChoice: 'ipv6' },
      }),
    ).toBe('gate.example.com:8003:u3:p@ss:0/x\n');
  });

  it('writes JSON with the label beside the service’s fields', () => {
    const parsed = JSON.parse(exportProxies(entries, { kind: 'json' })) as Record<
      string,
      unknown
    >[];
    expect(parsed[0]).toEqual({
      plan_id: 11,
      plan_name: 'Residential US',
      ...withoutLabel(proxy(1)),
      label: 'Shop, "EU"\nline two',
    });
    expect(parsed[1]?.['label']).toBeNull();
  });

  it('proposes a file name safe on every system', () => {
    expect(exportFileName('Residential US', { kind: 'csv' })).toBe('Residential US.csv');
    expect(exportFileName('Residential US', { kind: 'csv-spreadsheet' })).toBe(
      'Residential US.csv',
    );
    expect(exportFileName('../../etc/passwd', { kind: 'json' })).toBe('etc-passwd.json');
    expect(
      exportFileName('a/b:c*?', {
        kind: 'lines',
        credentials: { format: 'curl', hostChoice: 'entry' },
      }),
    ).toBe('a-b-c.txt');
    expect(exportFileName('///', { kind: 'csv' })).toBe('proxies.csv');
  });
});

/** A proxy's fields as an export writes them: the label shown, not the one the service sent. */
function withoutLabel({ label: _sent, ...fields }: Proxy): Omit<Proxy, 'label'> {
  return fields;
}
