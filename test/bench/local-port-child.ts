import { startLocalPort } from '../../src/main/local-ports/local-port';

// Run by forwarding.bench.ts in its own Node, as the app's main process is apart from both the
// apps using a port and the upstream: `node --import tsx local-port-child.ts <upstreamPort>`, the
// login in $BENCH_UPSTREAM_LOGIN ("user:password"). Prints the local port's number, then runs
// until killed.
const upstreamPort = Number(process.argv[2]);
const [username = '', password = ''] = (process.env.BENCH_UPSTREAM_LOGIN ?? '').split(':');
const local = await startLocalPort({
  upstream: { protocol: 'http', host: '127.0.0.1', port: upstreamPort, username, password },
});
console.log(JSON.stringify({ port: local.port }));
