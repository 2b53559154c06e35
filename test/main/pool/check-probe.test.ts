import { describe, expect, it } from 'vitest';
import { checkProbe } from '../../../src/main/pool/check-probe';
import { useFleet } from './fleet-fixture';

const world = useFleet(4, ['serve', 'refuse', 'hang', 'deny-login']);

const upstreamOf = (index: number, protocol: 'http' | 'socks5') => {
  const upstream = world.fleet.upstreams[index];
  if (!upstream) throw new Error(`no upstream ${index}`);
  const { host, port, username, password } = upstream;
  return { protocol, host, port, username, password };
};

describe.each(['http', 'socks5'] as const)('the check probe over %s', (protocol) => {
  // Long enough for a loaded machine; only the hanging upstream waits it out, and it is short.
  const probe = (timeoutMs = 10_000) =>
    checkProbe({ echoUrl: () => world.echo.url('/'), timeoutMs });

  it('readmits a proxy that carries a request to the echo, through the proxy', async () => {
    const served = world.fleet.upstreams[0]?.served.length ?? 0;
    expect(await probe()(upstreamOf(0, protocol), new AbortController().signal)).toBe(true);
    expect(world.fleet.upstreams[0]?.served.length).toBe(served + 1);
  });

  it.each([
    [1, 'refuses connections'],
    [2, 'hangs'],
    [3, 'refuses the login'],
  ])('keeps benched upstream %i, which %s', async (index) => {
    const timeoutMs = index === 2 ? 500 : 10_000;
    expect(await probe(timeoutMs)(upstreamOf(index, protocol), new AbortController().signal)).toBe(
      false,
    );
  });
});

it('reads the echo URL as set when it runs', async () => {
  let url = 'http://127.0.0.1:9/';
  const probe = checkProbe({ echoUrl: () => url, timeoutMs: 10_000 });
  const upstream = upstreamOf(0, 'http');
  expect(await probe(upstream, new AbortController().signal)).toBe(false);
  url = world.echo.url('/');
  expect(await probe(upstream, new AbortController().signal)).toBe(true);
});
