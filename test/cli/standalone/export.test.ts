import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { parseJson, useSignedInCli, wholePlan } from '../support/signed-in-cli';

const service = useApiServer();
const cli = useSignedInCli(service);

/** A label a spreadsheet would run as a formula. */
const FORMULA_LABEL = '=HYPERLINK("http://x")';
/** A password a spreadsheet would read as a formula, and a tool must get exactly. */
const FORMULA_PASSWORD = '-2+3,"q"';

/** RFC 4180 records: quoted fields may hold commas, quotes (doubled) and line breaks. */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  const endField = () => {
    record.push(field);
    field = '';
  };
  for (let at = 0; at < text.length; at++) {
    const char = text[at] ?? '';
    if (quoted && char === '"' && text[at + 1] === '"') {
      field += '"';
      at++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (quoted) {
      field += char;
    } else if (char === ',') {
      endField();
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[at + 1] === '\n') at++;
      endField();
      records.push(record);
      record = [];
    } else {
      field += char;
    }
  }
  if (field !== '' || record.length > 0) {
    endField();
    records.push(record);
  }
  return records;
}

/**
 * The plan exported: its first proxy labelled like a formula, its second one's password (set in
 * the service's store) starting like one.
 */
const exportedPlan = () => wholePlan(service());

beforeAll(async () => {
  const [proxy, second] = exportedPlan().proxies;
  if (second) second.password = FORMULA_PASSWORD;
  const label = await cli().run(['label', String(proxy?.id), FORMULA_LABEL]);
  if (label.code !== EXIT.done) throw new Error(`label failed: ${label.stderr}`);
});

const exportOf = (kind: string, ...more: string[]) =>
  cli().run(['export', '--plan', String(exportedPlan().id), '--kind', kind, ...more]);

describe('proxy-tray export on its own', () => {
  it('--kind lines: one ip:port:user:pass line a proxy', async () => {
    const run = await exportOf('lines');
    expect(run.code).toBe(EXIT.done);
    expect(run.stdout.split('\n').filter((line) => line !== '')).toEqual(
      exportedPlan().proxies.map(
        (proxy) => `${proxy.ip}:${proxy.port}:${proxy.username}:${proxy.password}`,
      ),
    );
  });

  it('--kind csv: a header, then every proxy with its exact password, only the label guarded', async () => {
    const run = await exportOf('csv');
    expect(run.code).toBe(EXIT.done);
    const [header = [], ...rows] = parseCsv(run.stdout);
    const column = (name: string) => header.indexOf(name);
    expect(header).toEqual(
      expect.arrayContaining(['plan_id', 'id', 'label', 'password', 'ip', 'port']),
    );
    expect(rows.map((row) => row[column('id')])).toEqual(
      exportedPlan().proxies.map((proxy) => String(proxy.id)),
    );
    expect(rows.map((row) => row[column('password')])).toEqual(
      exportedPlan().proxies.map((proxy) => proxy.password),
    );
    expect(rows[1]?.[column('password')]).toBe(FORMULA_PASSWORD);
    expect(rows[0]?.[column('label')]).toBe(`'${FORMULA_LABEL}`);
  });

  it('--kind csv-spreadsheet: the formula-like password is guarded too', async () => {
    const run = await exportOf('csv-spreadsheet');
    expect(run.code).toBe(EXIT.done);
    const [header = [], ...rows] = parseCsv(run.stdout.replace(/^\uFEFF/, ''));
    expect(rows).toHaveLength(exportedPlan().proxies.length);
    expect(rows[0]?.[header.indexOf('label')]).toBe(`'${FORMULA_LABEL}`);
    expect(rows[1]?.[header.indexOf('password')]).toBe(`'${FORMULA_PASSWORD}`);
  });

  it('--kind json: the documented records, passwords included', async () => {
    const run = await exportOf('json');
    expect(run.code).toBe(EXIT.done);
    const records = parseJson<Record<string, unknown>[]>(run);
    expect(records.map((record) => [record['id'], record['password'], record['label']])).toEqual(
      exportedPlan().proxies.map((proxy, index) => [
        proxy.id,
        proxy.password,
        index === 0 ? FORMULA_LABEL : null,
      ]),
    );
  });

  it('-o FILE: each kind written with mode 600, the same as on stdout, nothing on stdout', async () => {
    for (const kind of ['lines', 'csv', 'csv-spreadsheet', 'json']) {
      const file = join(cli().place.base, `proxies-${kind}.out`);
      const written = await exportOf(kind, '-o', file);
      expect(written.code, kind).toBe(EXIT.done);
      expect(written.stdout, kind).toBe('');
      expect((await stat(file)).mode & 0o777, kind).toBe(0o600);
      expect(await readFile(file, 'utf8'), kind).toBe((await exportOf(kind)).stdout);
    }
    const json = JSON.parse(await readFile(join(cli().place.base, 'proxies-json.out'), 'utf8'));
    expect(json).toHaveLength(exportedPlan().proxies.length);
  });
});
