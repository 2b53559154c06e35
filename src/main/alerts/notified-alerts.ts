import { z } from 'zod';
import {
  type CreateConfStore,
  openConfFile,
  readStoredBytes,
  writeStored,
} from '../store/conf-file';

/**
 * The alerts already shown, so that a restart does not show them again. Keys carry their day
 * (see alert-decisions.ts); keys older than a week are dropped on every write. A file that cannot
 * be read starts empty: the worst case is one notification shown a second time, so unlike the
 * settings and labels it needs no backup.
 */
export interface NotifiedAlerts {
  has(key: string): boolean;
  keys(): ReadonlySet<string>;
  add(keys: readonly string[]): void;
}

const KEEP_DAYS = 7;
const storedSchema = z.object({ notified: z.array(z.string()) });

export function openNotifiedAlerts(options: {
  createStore: CreateConfStore;
  now?: () => Date;
}): NotifiedAlerts {
  const now = options.now ?? (() => new Date());
  const conf = openConfFile(options.createStore, 'alerts');
  const keys = new Set(readKeys(conf.path));
  return {
    has: (key) => keys.has(key),
    keys: () => keys,
    add(added) {
      for (const key of added) keys.add(key);
      const oldestDay = new Date(now().getTime() - KEEP_DAYS * 24 * 60 * 60 * 1000)
        .toISOString()
        .slice(0, 10);
      for (const key of keys) if ((key.split(':').at(-1) ?? '') < oldestDay) keys.delete(key);
      writeStored(conf, { notified: [...keys] }, 'alerts');
    },
  };
}

function readKeys(path: string): string[] {
  try {
    const bytes = readStoredBytes(path, 'alerts');
    if (!bytes) return [];
    const parsed = storedSchema.safeParse(JSON.parse(bytes.toString('utf8')));
    return parsed.success ? parsed.data.notified : [];
  } catch {
    return [];
  }
}
