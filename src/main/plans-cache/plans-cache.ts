import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { writeFile } from 'atomically';
import { z } from 'zod';
import { planSchema, type Plan } from '../../shared/api';
import { PRIVATE_FILE_MODE, makePrivateFolder } from '../store/private-files';
import { TEMP_FILE_INFIX, sweepStaleTempFiles } from '../store/stale-temp-files';
import { seal, unseal } from './sealed-bytes';

/** An account's last listing as kept on disk, and when the service last gave it. */
export interface CachedPlans {
  readonly plans: Plan[];
  /** Epoch ms. */
  readonly savedAt: number;
}

/**
 * The last listing of each account, on disk, so that a restart whose first refresh fails (a
 * refused or expired token, the service down) still shows the plans, whose proxies still work.
 * Sealed with the account's cache key (sealed-bytes.ts, session/cache-key.ts), in a private file.
 */
export interface PlansCache {
  /** The account's cached listing, or undefined when there is none it can open. Never throws. */
  load(accountId: string, key: Buffer): Promise<CachedPlans | undefined>;
  /**
   * Writes the listing, later: writes of one account run one at a time, and while one runs only
   * the newest asked for waits (`plans` is read when its write starts). Failures go to onError.
   */
  save(accountId: string, key: Buffer, plans: () => readonly Plan[]): void;
  /**
   * Saves once no other change of the account came for a while (`quietMs`): a write costs the
   * whole listing (at 100,000 proxies, 27 MB and a main thread held for a fifth of a second), so
   * a burst of toggles is one write, not one each. A `save` or `close` writes what waits at once.
   */
  saveSoon(accountId: string, key: Buffer, plans: () => readonly Plan[]): void;
  /** The service gave the same listing again: its time moves on, its bytes are not rewritten. */
  touch(accountId: string): void;
  /** Removes the caches of every account not in `accountIds` (signed out), after their writes. */
  keepOnly(accountIds: ReadonlySet<string>): Promise<void>;
  /** Resolves when every write asked for so far has ended. */
  settled(): Promise<void>;
  /** On quitting: no write starts any more (a refresh may still end), and those under way end. */
  close(): Promise<void>;
}

export interface OpenPlansCacheOptions {
  /** The folder of the cache files: a folder of their own in the app's data folder. */
  readonly dir: string;
  /** A write or removal that failed: the log. Never holds a password (file names and codes). */
  readonly onError: (error: unknown) => void;
  /** How long `saveSoon` waits for the changes to stop. Default 10 s. */
  readonly quietMs?: number;
}

const DEFAULT_QUIET_MS = 10_000;

/** What a cache file holds once opened; its `version` changes with the shape of Plan. */
const cachedContentSchema = z.object({ version: z.literal(1), plans: z.array(planSchema) });
const FILE_SUFFIX = '.plans';

interface Write {
  readonly key: Buffer;
  readonly plans: () => readonly Plan[];
}

interface Writing {
  next: Write | undefined;
  done: Promise<void>;
}

export function openPlansCache(options: OpenPlansCacheOptions): PlansCache {
  const { dir, onError } = options;
  const writing = new Map<string, Writing>();
  /** `saveSoon`s waiting for the quiet, and what each would write. */
  const waiting = new Map<string, { timer: NodeJS.Timeout; write: () => void }>();
  const quietMs = options.quietMs ?? DEFAULT_QUIET_MS;
  let closed = false;

  function stopWaiting(accountId: string): void {
    clearTimeout(waiting.get(accountId)?.timer);
    waiting.delete(accountId);
  }

  async function write(accountId: string, job: Write): Promise<void> {
    const content = Buffer.from(JSON.stringify({ version: 1, plans: job.plans() }));
    makePrivateFolder(dir);
    await writeFile(fileOf(dir, accountId), seal(job.key, accountId, content), {
      mode: PRIVATE_FILE_MODE,
    });
  }

  async function remove(file: string): Promise<void> {
    try {
      await fs.promises.unlink(file);
    } catch (error) {
      // Gone already (another instance removed it) is what was wanted.
      if (!isMissing(error)) onError(error);
    }
  }

  return {
    async load(accountId, key) {
      const file = fileOf(dir, accountId);
      let bytes: Buffer;
      let savedAt: number;
      try {
        bytes = await fs.promises.readFile(file);
        savedAt = (await fs.promises.stat(file)).mtimeMs;
      } catch {
        // None yet, or not readable: the listing comes from the service as before.
        return undefined;
      }
      const content = unseal(key, accountId, bytes);
      const parsed = content && cachedContentSchema.safeParse(parseJson(content));
      if (!parsed?.success) {
        // Sealed with another token, from another version, or damaged: it can never open again.
        await remove(file);
        return undefined;
      }
      return { plans: parsed.data.plans, savedAt };
    },

    save(accountId, key, plans) {
      if (closed) return;
      // This write reads the listing as it is when it starts: what waited is in it.
      stopWaiting(accountId);
      const job = { key, plans };
      const running = writing.get(accountId);
      if (running) {
        running.next = job;
        return;
      }
      const slot: Writing = { next: job, done: Promise.resolve() };
      writing.set(accountId, slot);
      slot.done = (async () => {
        for (let current = slot.next; current; current = slot.next) {
          slot.next = undefined;
          try {
            await write(accountId, current);
          } catch (error) {
            onError(error);
          }
        }
        writing.delete(accountId);
      })();
    },

    saveSoon(accountId, key, plans) {
      if (closed) return;
      stopWaiting(accountId);
      const write = () => this.save(accountId, key, plans);
      const timer = setTimeout(write, quietMs);
      // A write still waiting must not keep a process alive: close() writes it.
      timer.unref();
      waiting.set(accountId, { timer, write });
    },

    touch(accountId) {
      if (closed) return;
      const now = new Date();
      fs.promises.utimes(fileOf(dir, accountId), now, now).catch((error: unknown) => {
        // No file (its first write failed): nothing to move on.
        if (!isMissing(error)) onError(error);
      });
    },

    async keepOnly(accountIds) {
      for (const accountId of [...waiting.keys()]) {
        if (!accountIds.has(accountId)) stopWaiting(accountId);
      }
      for (const [accountId, slot] of writing) {
        if (accountIds.has(accountId)) continue;
        slot.next = undefined;
        await slot.done;
      }
      const kept = new Set([...accountIds].map((accountId) => fileNameOf(accountId)));
      let names: string[];
      try {
        names = await fs.promises.readdir(dir);
      } catch (error) {
        if (!isMissing(error)) onError(error);
        return;
      }
      for (const name of names) {
        // `<hash>.plans`, or a temp file of its write, `<hash>.plans.tmp-…`.
        const ours = [...kept].some(
          (file) => name === file || name.startsWith(`${file}${TEMP_FILE_INFIX}`),
        );
        if (!ours) await remove(path.join(dir, name));
      }
      // A write cut short by a crash leaves its temp file: swept once it is old.
      for (const owner of kept) sweepStaleTempFiles(path.join(dir, owner));
    },

    async settled() {
      await Promise.all([...writing.values()].map((slot) => slot.done));
    },

    async close() {
      for (const { write } of [...waiting.values()]) write();
      closed = true;
      await this.settled();
    },
  };
}

/**
 * An account id holds its service URL (slashes, colons): the file is named by its hash, which
 * also says nothing of the account to someone listing the folder.
 */
function fileNameOf(accountId: string): string {
  return `${createHash('sha256').update(accountId).digest('hex').slice(0, 32)}${FILE_SUFFIX}`;
}

function fileOf(dir: string, accountId: string): string {
  return path.join(dir, fileNameOf(accountId));
}

function parseJson(content: Buffer): unknown {
  try {
    return JSON.parse(content.toString('utf8'));
  } catch {
    return undefined;
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'ENOENT';
}
