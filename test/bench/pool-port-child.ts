import { startPoolPort } from '../../src/main/pool/pool-port';
import type { PoolMember } from '../../src/main/pool/pool-member';
import type { PoolStrategy } from '../../src/main/pool/strategy';

// Run by pool.bench.ts in its own Node, as the app's main process is apart from both the apps
// using a pool and the upstreams: `node --import tsx pool-port-child.ts`, the members' entry points
// and logins in $BENCH_POOL_MEMBERS (JSON: [{host, port, username, password}]), the strategy in
// $BENCH_POOL_STRATEGY (round robin if unset). Members are spoken to over HTTP. Prints the pool's
// port, then runs until killed.
const entries = JSON.parse(process.env.BENCH_POOL_MEMBERS ?? '[]') as Array<PoolMember['entry']>;
const pool = await startPoolPort({
  members: entries.map((entry, index) => ({ id: index + 1, entry, latencyMs: null })),
  protocol: 'http',
  strategy: (process.env.BENCH_POOL_STRATEGY ?? 'round-robin') as PoolStrategy,
  // The 1,000-concurrent figure holds 1,000 app connections at once, above a port's default.
  maxConnections: 2_000,
});
console.log(JSON.stringify({ port: pool.port }));
