import { z } from 'zod';
import { poolSourceSchema, poolStrategySchema } from '../../shared/views/pool-port-view';
import type { ReadFromFile } from '../store/recoverable-file';
import { readListsByAccount } from '../store/lists-by-account';

/**
 * The file `pool-ports.json`: `{ schemaVersion, pools: { <account id>: [{ poolId, source, port,
 * protocol, strategy, perRequest, localPassword }] } }`, the pools each account keeps across
 * restarts (reopened on the same number when it is free). Sources, not members: a kept plan's
 * pool reopens over the plan's proxies of that day.
 */
export const KEPT_POOLS_SCHEMA_VERSION = 1;

export const keptPoolSchema = z.strictObject({
  poolId: z.string().regex(/^[0-9a-f]{12}$/),
  source: poolSourceSchema,
  port: z.int().min(1).max(65_535),
  protocol: z.enum(['http', 'socks5']),
  strategy: poolStrategySchema,
  perRequest: z.boolean(),
  /** The local password apps were given, so that they still log in after a restart. */
  localPassword: z.string().min(1).max(200).nullable(),
});
export type KeptPool = z.infer<typeof keptPoolSchema>;
export type KeptPoolsByAccount = Map<string, readonly KeptPool[]>;

const WHAT = 'The pool ports file';

/** Keeps every valid entry: a bad one costs only itself; a newer file yields nothing. */
export function keptPoolsFromFile(
  stored: Readonly<Record<string, unknown>>,
): ReadFromFile<KeptPoolsByAccount> {
  const problems: string[] = [];
  const content: KeptPoolsByAccount = new Map();
  const version = stored['schemaVersion'];
  if (typeof version === 'number' && version > KEPT_POOLS_SCHEMA_VERSION) {
    problems.push(
      `${WHAT} was written by a newer version of Proxy Tray (version ${version}), so nothing could be read from it.`,
    );
    return { content, problems };
  }
  if (version !== KEPT_POOLS_SCHEMA_VERSION) {
    problems.push(`${WHAT} had a missing or unreadable version number.`);
  }
  for (const key of Object.keys(stored)) {
    if (key !== 'schemaVersion' && key !== 'pools') {
      problems.push(`${WHAT}'s unknown entry was removed.`);
    }
  }
  readListsByAccount(
    stored['pools'],
    content,
    keptPoolSchema,
    (pool) => pool.poolId,
    WHAT,
    problems,
  );
  return { content, problems };
}
