import { z } from 'zod';
import type { AppConnection } from '../connection/app-connection';
import type { CredentialFormat } from '../args/credential-format';

/**
 * The proxies as `--json` gives them: the records of the popup's JSON export (plan_id, plan_name,
 * label, then the proxy's own fields as the service names them, password included), so a script
 * reads the same names from `proxies --json` as from an exported file. `credentials` is added
 * when a `--format` was asked for.
 */
const recordsSchema = z.array(z.looseObject({ id: z.int().positive() }));
export type ProxyRecord = z.infer<typeof recordsSchema>[number] & { credentials?: string };

export async function proxyRecords(
  app: AppConnection,
  proxyIds: readonly number[],
  format: CredentialFormat | undefined,
): Promise<ProxyRecord[]> {
  const exported = await app.call('cli:export', { proxyIds: [...proxyIds], kind: 'json' });
  const parsed: unknown = JSON.parse(exported.content);
  // Checked, then kept as written: the export's field order is the documented one.
  recordsSchema.parse(parsed);
  const records = parsed as ProxyRecord[];
  if (format === undefined) return records;
  const { lines } = await app.call('cli:credentials', { proxyIds: [...proxyIds], ...format });
  const lineOf = new Map(proxyIds.map((proxyId, index) => [proxyId, lines[index] ?? '']));
  return records.map((record) => ({ ...record, credentials: lineOf.get(record.id) ?? '' }));
}

/** The credentials of each proxy, one line each, in the order asked. */
export async function credentialLines(
  app: AppConnection,
  proxyIds: readonly number[],
  format: CredentialFormat,
): Promise<readonly string[]> {
  return (await app.call('cli:credentials', { proxyIds: [...proxyIds], ...format })).lines;
}
