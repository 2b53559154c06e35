import { exportProxies } from '../../src/shared/export/export-proxies';
import type { ExportedProxy } from '../../src/shared/export/exported-proxy';
import { decodePlanListing } from '../../src/main/api/decoding/listing-decoder';
import { benchAccount } from './bench-account';
import { medianMs, report } from './measure';

/**
 * Exporting a 10,000-proxy account, next to the cheapest possible baseline: JSON.stringify of the
 * same records. The export runs in the main process while the popup waits for the save dialog.
 * Goal: export_csv_vs_stringify_ratio <= 3.
 */
export function benchExport(): void {
  const { plans } = decodePlanListing(benchAccount().plans);
  const entries: ExportedProxy[] = plans.flatMap((plan) =>
    plan.proxies.map((proxy, index) => ({
      plan,
      proxy,
      label: index % 3 === 0 ? `Shop, "EU" ${index}` : null,
    })),
  );
  const stringifyMs = medianMs(() => JSON.stringify(entries.map((entry) => entry.proxy)), 9, 2);
  const csvMs = medianMs(() => exportProxies(entries, { kind: 'csv' }), 9, 2);
  const spreadsheetMs = medianMs(() => exportProxies(entries, { kind: 'csv-spreadsheet' }), 9, 2);
  const jsonMs = medianMs(() => exportProxies(entries, { kind: 'json' }), 9, 2);
  const linesMs = medianMs(
    () =>
      exportProxies(entries, {
        kind: 'lines',
        credentials: { format: 'http-url', hostChoice: 'entry' },
      }),
    9,
    2,
  );
  report('export_csv_10k_ms', csvMs);
  report('export_csv_spreadsheet_10k_ms', spreadsheetMs);
  report('export_json_10k_ms', jsonMs);
  report('export_lines_10k_ms', linesMs);
  report('export_csv_vs_stringify_ratio', csvMs / stringifyMs);
}
