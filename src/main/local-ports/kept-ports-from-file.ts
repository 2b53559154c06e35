import { z } from 'zod';
import { proxyIdSchema } from '../store/stored-ids';
import { readListsByAccount } from '../store/lists-by-account';
import type { ReadFromFile } from '../store/recoverable-file';

/**
 * The file: `{ schemaVersion, ports: { <account id>: [{ proxyId, port, protocol, localPassword }] },
 * browserProfiles: { <account id>: [proxy ids] } }`: the ports the user chose to keep across
 * restarts (reopened on the same number when it is free), and the proxies whose browser
 * profile is kept when the browser exits.
 */
export const KEPT_PORTS_SCHEMA_VERSION = 1;

export const keptPortSchema = z.strictObject({
  proxyId: z.int().positive(),
  port: z.int().min(1).max(65_535),
  protocol: z.enum(['http', 'socks5']),
  /**
   * The local password apps were given, kept so that they still log in after a restart. It
   * guards a loopback port only (the upstream password is never stored here).
   */
  localPassword: z.string().min(1).max(200).nullable(),
});
export type KeptPort = z.infer<typeof keptPortSchema>;
export interface KeptByAccount {
  ports: Map<string, readonly KeptPort[]>;
  browserProfiles: Map<string, readonly number[]>;
}

const WHAT = 'The local ports file';

/** Keeps every valid entry: a bad one costs only itself; a newer file yields nothing. */
export function keptPortsFromFile(
  stored: Readonly<Record<string, unknown>>,
): ReadFromFile<KeptByAccount> {
  const problems: string[] = [];
  const content: KeptByAccount = { ports: new Map(), browserProfiles: new Map() };
  const version = stored['schemaVersion'];
  if (typeof version === 'number' && version > KEPT_PORTS_SCHEMA_VERSION) {
    problems.push(
      `${WHAT} was written by a newer version of Proxy Tray (version ${version}), so nothing could be read from it.`,
    );
    return { content, problems };
  }
  if (version !== KEPT_PORTS_SCHEMA_VERSION) {
    problems.push(`${WHAT} had a missing or unreadable version number.`);
  }
  for (const key of Object.keys(stored)) {
    if (key !== 'schemaVersion' && key !== 'ports' && key !== 'browserProfiles') {
      problems.push(`${WHAT}'s unknown entry was removed.`);
    }
  }
  readListsByAccount(
    stored['ports'],
    content.ports,
    keptPortSchema,
    (port) => port.proxyId,
    WHAT,
    problems,
  );
  readListsByAccount(
    stored['browserProfiles'],
    content.browserProfiles,
    proxyIdSchema,
    (id) => id,
    WHAT,
    problems,
  );
  return { content, problems };
}
