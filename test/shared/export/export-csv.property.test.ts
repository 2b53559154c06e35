import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CSV_COLUMNS, type CsvColumn } from '../../../src/shared/export/export-csv';
import { exportProxies } from '../../../src/shared/export/export-proxies';
import type { ExportedProxy } from '../../../src/shared/export/exported-proxy';
import { parseCsv } from '../../support/parse-csv';
import { exportedProxy } from './export-arbitraries';

const RUNS = 2_000;

/** The listing's values, as text, in the column order (an unknown value is an empty field). */
function listedValues({ plan, proxy, label }: ExportedProxy): Record<CsvColumn, string> {
  const values = { plan_id: plan.id, plan_name: plan.name, ...proxy, label };
  return Object.fromEntries(
    CSV_COLUMNS.map((column) => [column, values[column] === null ? '' : String(values[column])]),
  ) as Record<CsvColumn, string>;
}

/** Written out here, not imported, so that a change to the app's guard cannot pass unnoticed. */
const startsLikeFormula = (text: string): boolean => /^[=+\-@\t\r]/.test(text);
const guarded = (text: string): string => (startsLikeFormula(text) ? `'${text}` : text);

/** Exports, parses back with a strict RFC 4180 reader and checks the header and the row count. */
function rowsOf(entries: ExportedProxy[], kind: 'csv' | 'csv-spreadsheet'): string[][] {
  const [header, ...rows] = parseCsv(exportProxies(entries, { kind }));
  expect(header).toEqual([...CSV_COLUMNS]);
  expect(rows).toHaveLength(entries.length);
  return rows;
}

describe('CSV export, parsed back', () => {
  it('gives exactly the listed credentials and addresses; only label and plan name guarded', () => {
    fc.assert(
      fc.property(fc.array(exportedProxy, { maxLength: 5 }), (entries) => {
        rowsOf(entries, 'csv').forEach((row, index) => {
          const listed = listedValues(entries[index] as ExportedProxy);
          expect(row).toEqual(
            CSV_COLUMNS.map((column) =>
              column === 'label' || column === 'plan_name'
                ? guarded(listed[column])
                : listed[column],
            ),
          );
        });
      }),
      { numRuns: RUNS },
    );
  });

  it('for spreadsheets: every field that starts like a formula guarded, the others unchanged', () => {
    fc.assert(
      fc.property(fc.array(exportedProxy, { maxLength: 5 }), (entries) => {
        rowsOf(entries, 'csv-spreadsheet').forEach((row, index) => {
          const listed = listedValues(entries[index] as ExportedProxy);
          expect(row).toEqual(CSV_COLUMNS.map((column) => guarded(listed[column])));
          // And so no field a spreadsheet reads starts a formula.
          expect(row.filter(startsLikeFormula)).toEqual([]);
        });
      }),
      { numRuns: RUNS },
    );
  });
});
