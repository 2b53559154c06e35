import { spreadProxyIds, startBenchServices, toggleRotation } from './bench-services';

// Run by changes.bench.ts in a fresh Node (`--expose-gc`), so that its RSS is the services' own
// and not the bench's or the reference service's: `node --expose-gc --import tsx rss-child.ts
// <serviceUrl>`, the token in $BENCH_TOKEN. Prints one JSON line: RSS and heap in use once the
// plans are loaded, and again after TOGGLES rotation changes.

const TOGGLES = 20;

const serviceUrl = process.argv[2];
const token = process.env.BENCH_TOKEN;
if (!serviceUrl || !token) throw new Error('Usage: rss-child.ts <serviceUrl>, with $BENCH_TOKEN');
if (!global.gc) throw new Error('Run with --expose-gc: the readings are taken after a full GC.');
const collect = global.gc;

/**
 * Two full collections first: what is left is what the services keep, not garbage not yet swept.
 * The heap in use beside the RSS tells objects kept from pages V8 has not given back yet.
 */
function settledMemory(): { rss: number; heapUsed: number } {
  collect();
  collect();
  const { rss, heapUsed } = process.memoryUsage();
  return { rss, heapUsed };
}

const bench = await startBenchServices({ serviceUrl, token });
const loaded = settledMemory();
for (const proxyId of spreadProxyIds(bench.services, TOGGLES)) await toggleRotation(bench, proxyId);
const afterToggles = settledMemory();
await bench.close();
console.log(JSON.stringify({ loaded, afterToggles }));
