import { connect, createServer, type AddressInfo, type Socket } from 'node:net';
import { readBuffers } from '../../src/main/local-ports/relay/read-buffers';

// The floor a local port's forwarding is measured against (forwarding.bench.ts): a bare TCP pipe
// to the upstream, parsing nothing and reading into the same reused buffers, that only adds the
// upstream's login to the first head of a connection (the bench sends one request on each).
// `node --import tsx pipe-child.ts <upstreamPort>`, the login in $BENCH_UPSTREAM_LOGIN
// ("user:password"). Prints its port, then runs until killed.
const upstreamPort = Number(process.argv[2]);
const login = Buffer.from(process.env.BENCH_UPSTREAM_LOGIN ?? '').toString('base64');

function pipeToUpstream(app: Socket, head: Buffer): void {
  const end = head.indexOf('\r\n\r\n');
  const upstream = connect({
    host: '127.0.0.1',
    port: upstreamPort,
    onread: {
      buffer: readBuffers.next,
      callback: (length, buffer) => {
        if (!app.write(Buffer.from(buffer.buffer, buffer.byteOffset, length))) {
          upstream.pause();
          app.once('drain', () => upstream.resume());
        }
        readBuffers.releaseAfterWrites(buffer, app);
        return true;
      },
    },
  });
  upstream.setNoDelay(true);
  upstream.write(head.subarray(0, end + 2));
  upstream.write(`Proxy-Authorization: Basic ${login}\r\n`);
  upstream.write(head.subarray(end + 2));
  app.pipe(upstream);
  upstream.on('end', () => app.end());
  app.on('error', () => upstream.destroy());
  upstream.on('error', () => app.destroy());
}

const server = createServer((app) => {
  app.setNoDelay(true);
  let head = Buffer.alloc(0);
  const onData = (chunk: Buffer) => {
    head = Buffer.concat([head, chunk]);
    if (head.indexOf('\r\n\r\n') < 0) return;
    app.off('data', onData);
    app.pause();
    pipeToUpstream(app, head);
  };
  app.on('data', onData);
});
server.listen(0, '127.0.0.1', () =>
  console.log(JSON.stringify({ port: (server.address() as AddressInfo).port })),
);
