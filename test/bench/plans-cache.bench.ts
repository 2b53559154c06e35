import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { decodePlanListing } from '../../src/main/api/decoding/listing-decoder';
import { openPlansCache } from '../../src/main/plans-cache/plans-cache';
import { benchAccount } from './bench-account';
import { median, medianMs, report } from './measure';

/**
 * The plans kept on disk: written after every listing that changed (and every accepted change),
 * read once per account at start. A save's whole time includes the disk's fsync and keeps nobody
 * waiting; what the popup can feel is the longest the main thread is held (`_stall_`). Baseline:
 * JSON.stringify / JSON.parse of the same plans, the least any file of them costs. Goals:
 * plans_cache_stall_vs_stringify_ratio <= 2.5 and plans_cache_load_vs_parse_ratio <= 5 (a load also
 * checks every plan against the schema) at 10k and 100k; at 1k the file's open, stat and read
 * outweigh the parse, and the ratios say little.
 */
export async function benchPlansCache(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxy-tray-bench-cache-'));
  const key = randomBytes(32);
  const cache = openPlansCache({
    dir,
    onError: (error) => {
      throw error;
    },
  });
  try {
    for (const [name, plansCount] of [
      ['1k', 10],
      ['10k', 100],
      ['100k', 1_000],
    ] as const) {
      const { plans } = decodePlanListing(benchAccount({ plans: plansCount }).plans);
      const rounds = name === '100k' ? 5 : 11;
      const text = JSON.stringify({ version: 1, plans });
      const stringifyMs = medianMs(() => JSON.stringify({ version: 1, plans }), rounds, 1);
      const parseMs = medianMs(() => JSON.parse(text), rounds, 1);
      const saves: number[] = [];
      const stalls: number[] = [];
      const loads: number[] = [];
      for (let round = 0; round < rounds; round += 1) {
        const saveStart = performance.now();
        // Everything up to the write's first wait for the disk (reading the listing, JSON,
        // sealing) runs here, in the call: the time the main thread is held.
        cache.save(name, key, () => plans);
        stalls.push(performance.now() - saveStart);
        await cache.settled();
        saves.push(performance.now() - saveStart);
        const loadStart = performance.now();
        const loaded = await cache.load(name, key);
        loads.push(performance.now() - loadStart);
        if (loaded?.plans.length !== plans.length) throw new Error('the cache lost plans');
      }
      const saveMs = median(saves);
      const stallMs = median(stalls);
      const loadMs = median(loads);
      report(
        `plans_cache_file_${name}_bytes`,
        fs.statSync(path.join(dir, fs.readdirSync(dir)[0] ?? '')).size,
      );
      report(`plans_cache_save_${name}_ms`, saveMs);
      report(`plans_cache_load_${name}_ms`, loadMs);
      report(`plans_cache_stall_${name}_ms`, stallMs);
      report(`plans_cache_stall_vs_stringify_ratio_${name}`, stallMs / stringifyMs);
      report(`plans_cache_load_vs_parse_ratio_${name}`, loadMs / parseMs);
      await cache.keepOnly(new Set());
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
