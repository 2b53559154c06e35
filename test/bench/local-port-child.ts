import { startLocalPort } from '../../src/main/local-ports/local-port';

// Run by forwarding.bench.ts in its own Node, as the app's main process is apart from both the
// apps using a port and the upstream: `node --import tsx local-port-child.ts <upstreamPort>`, the
// login in $BENCH_UPSTREAM_LOGIN ("user:password"); $BENCH_HANDSHAKE_MS, if set, shortens the
// port's handshake deadline (port-attacks.bench.ts); $BENCH_MAX_CONNECTIONS, if set, lets it hold
// more app connections than a port's default (the 1,000 clients of forwarding.bench.ts);
// $BENCH_UPSTREAM_PROTOCOL ("http", the default, or "socks5") says how the upstream is spoken to.
// Prints the local port's number, then runs until killed.
const upstreamPort = Number(process.argv[2]);
const protocol = process.env.BENCH_UPSTREAM_PROTOCOL === 'socks5' ? 'socks5' : 'http';
const [username = '', password = ''] = (process.env.BENCH_UPSTREAM_LOGIN ?? '').split(':');
const handshakeMs = Number(process.env.BENCH_HANDSHAKE_MS ?? 0);
const maxConnections = Number(process.env.BENCH_MAX_CONNECTIONS ?? 0);
const local = await startLocalPort({
  upstream: { protocol, host: '127.0.0.1', port: upstreamPort, username, password },
  localPassword: process.env.BENCH_LOCAL_PASSWORD ?? null,
  ...(handshakeMs > 0 && {
    deadlines: { handshakeMs, idleMs: 60_000 },
    maxConnections: 10_000,
  }),
  ...(maxConnections > 0 && { maxConnections }),
});
console.log(JSON.stringify({ port: local.port }));
