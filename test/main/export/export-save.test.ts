import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatCredentials } from '../../../src/shared/credentials';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { parseCsv } from '../../support/parse-csv';
import { startSignedIn, useMainProcess, valueOf } from '../ipc/main-services-fixture';

const server = useApiServer();
const main = useMainProcess();

describe('export:save', () => {
  it('writes a plan’s proxies in the chosen copy format, named after the plan, owner-only', async () => {
    const app = await startSignedIn(main, server());
    const plan = server().store.account('demo')?.plans[0];
    if (!plan) throw new Error('The demo account has no plan');
    const ids = plan.proxies.map((proxy) => proxy.id);

    const outcome = valueOf(
      await app.call('export:save', { proxyIds: ids, kind: 'lines', copyFormat: 'http-url' }),
    );
    expect(outcome).toEqual({
      saved: true,
      fileName: expect.stringMatching(/\.txt$/),
      count: ids.length,
    });
    if (!outcome.saved) return;
    expect(app.saveDialog.offered).toEqual([outcome.fileName]);
    expect(outcome.fileName.startsWith(plan.name.replace(/[^\p{L}\p{N}._ -]+/gu, '-').trim())).toBe(
      true,
    );
    const path = join(main.dir(), outcome.fileName);
    const written = await readFile(path, 'utf8');
    expect(written).toBe(
      plan.proxies
        .map(
          (proxy) => `${formatCredentials(proxy, { format: 'http-url', hostChoice: 'entry' })}\n`,
        )
        .join(''),
    );
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
  });

  it('uses the default copy format and host from the settings when none is given', async () => {
    const app = await startSignedIn(main, server());
    valueOf(await app.call('settings:update', { copyFormat: 'socks5-url', hostChoice: 'ipv4' }));
    const proxy = app.snapshot.plans?.[0]?.proxies[0];
    if (!proxy) throw new Error('No proxy listed');
    const outcome = valueOf(await app.call('export:save', { proxyIds: [proxy.id], kind: 'lines' }));
    if (!outcome.saved) throw new Error('Not saved');
    const full = server().store.locateProxy(proxy.id)?.proxy;
    if (!full) throw new Error('The service lost the proxy');
    expect(await readFile(join(main.dir(), outcome.fileName), 'utf8')).toBe(
      `${formatCredentials(full, { format: 'socks5-url', hostChoice: 'ipv4' })}\n`,
    );
  });

  it('writes CSV and JSON with the local labels, across plans as "proxies"', async () => {
    const app = await startSignedIn(main, server());
    // Labels cannot be set on a blocked plan.
    const [first, second] = (app.snapshot.plans ?? []).filter((plan) => !plan.is_blocked);
    const a = first?.proxies[0];
    const b = second?.proxies[0];
    if (!a || !b) throw new Error('Two plans with proxies are needed');
    valueOf(await app.call('proxy:set-label', { proxyId: a.id, label: 'Shop, "EU"' }));

    const csv = valueOf(await app.call('export:save', { proxyIds: [b.id, a.id], kind: 'csv' }));
    expect(csv).toMatchObject({ saved: true, fileName: 'proxies.csv', count: 2 });
    const csvText = await readFile(join(main.dir(), 'proxies.csv'), 'utf8');
    const lines = csvText.trimEnd().split('\r\n');
    expect(lines[0]?.split(',')).toContain('password');
    // In listing order, whatever order they were asked in; the label quoted.
    expect(lines[1]).toContain(`,${a.id},"Shop, ""EU""",`);
    expect(lines[2]).toContain(`,${b.id},,`);

    valueOf(await app.call('export:save', { proxyIds: [a.id, b.id], kind: 'json' }));
    const json = JSON.parse(await readFile(join(main.dir(), 'proxies.json'), 'utf8')) as {
      id: number;
      label: string | null;
      password: string;
    }[];
    expect(json.map((entry) => [entry.id, entry.label])).toEqual([
      [a.id, 'Shop, "EU"'],
      [b.id, null],
    ]);
    expect(json[0]?.password).toBe(server().store.locateProxy(a.id)?.proxy.password);
  });

  it('writes credentials exactly in CSV, and every field guarded in the CSV for spreadsheets', async () => {
    // Generated passwords may start with - or +: the service's live records, before sign-in.
    const plan = server()
      .store.account('demo')
      ?.plans.find((candidate) => !candidate.is_blocked && candidate.proxies.length > 0);
    const record = plan?.proxies[0];
    if (!plan || !record) throw new Error('The demo account needs a plan with proxies');
    record.username = '+user';
    record.password = '-p=ss@1';
    const app = await startSignedIn(main, server());
    valueOf(await app.call('proxy:set-label', { proxyId: record.id, label: '@label' }));
    const rowOf = async (kind: 'csv' | 'csv-spreadsheet') => {
      const outcome = valueOf(await app.call('export:save', { proxyIds: [record.id], kind }));
      if (!outcome.saved) throw new Error('Not saved');
      const [header, row] = parseCsv(await readFile(join(main.dir(), outcome.fileName), 'utf8'));
      return (column: string) => row?.[header?.indexOf(column) ?? -1];
    };

    const exact = await rowOf('csv');
    expect([exact('username'), exact('password'), exact('ip')]).toEqual([
      '+user',
      '-p=ss@1',
      record.ip,
    ]);
    expect(exact('label')).toBe("'@label");

    const guarded = await rowOf('csv-spreadsheet');
    expect([guarded('username'), guarded('password'), guarded('label')]).toEqual([
      "'+user",
      "'-p=ss@1",
      "'@label",
    ]);
  });

  it('writes nothing when the dialog is cancelled', async () => {
    const app = await startSignedIn(main, server());
    app.saveDialog.answer = 'cancel';
    const ids = app.snapshot.plans?.[0]?.proxies.map((proxy) => proxy.id) ?? [];
    expect(valueOf(await app.call('export:save', { proxyIds: ids, kind: 'csv' }))).toEqual({
      saved: false,
    });
    expect(app.saveDialog.offered).toHaveLength(1);
  });

  it('refuses proxies that are not in the plans, and an empty or malformed request', async () => {
    const app = await startSignedIn(main, server());
    expect(await app.call('export:save', { proxyIds: [987_654_321], kind: 'csv' })).toMatchObject({
      ok: false,
      error: {
        kind: 'not_found',
        message: expect.stringMatching(
          /^1 of the proxies asked for is not in your plans; nothing was exported. Refresh and try again/,
        ),
      },
    });
    expect(await app.call('export:save', { proxyIds: [], kind: 'csv' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request' },
    });
    expect(await app.call('export:save', { proxyIds: [1], kind: 'xml' as 'csv' })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request' },
    });
    expect(app.saveDialog.offered).toEqual([]);
  });
});
