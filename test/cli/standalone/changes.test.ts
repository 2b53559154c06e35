import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes';
import type { Proxy } from '../../../tools/reference-service/records';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { parseJson, usableProxies, useSignedInCli } from '../support/signed-in-cli';

const service = useApiServer();
const cli = useSignedInCli(service);

/** Proxies the service lets change (plans not blocked), each test its own so none sees another's. */
function proxiesForTest(index: number, count: number): Proxy[] {
  const proxies = usableProxies(service())
    .map(({ proxy }) => proxy)
    .slice(index * 3, index * 3 + count);
  if (proxies.length < count) throw new Error('The demo account needs more usable proxies');
  return proxies;
}

const idsOf = (proxies: readonly Proxy[]) => proxies.map((proxy) => String(proxy.id));
const stateOf = (proxy: Proxy) => service().store.proxyState(proxy.id);

describe('proxy-tray on its own changes proxies at the service', () => {
  it('rotation on, then off, for several proxies: the service holds it and a new process reads it', async () => {
    const proxies = proxiesForTest(0, 3);
    const on = await cli().run(['rotation', 'on', ...idsOf(proxies)]);
    expect(on.stderr).not.toContain('refused');
    expect(on.code).toBe(EXIT.done);
    expect(proxies.map((proxy) => stateOf(proxy)?.is_rotating)).toEqual([true, true, true]);

    const off = await cli().run(['rotation', 'off', ...idsOf(proxies)]);
    expect(off.code).toBe(EXIT.done);
    expect(proxies.map((proxy) => stateOf(proxy)?.is_rotating)).toEqual([false, false, false]);
    const [first] = proxies;
    if (!first) throw new Error('unreachable');
    const read = parseJson<{ is_rotating: boolean }>(
      await cli().run(['get', String(first.id), '--json']),
    );
    expect(read.is_rotating).toBe(false);
  });

  it('interval 5m and 90s: the service stores the seconds', async () => {
    const proxies = proxiesForTest(1, 2);
    const fiveMinutes = await cli().run(['interval', '5m', ...idsOf(proxies)]);
    expect(fiveMinutes.code).toBe(EXIT.done);
    expect(proxies.map((proxy) => stateOf(proxy)?.rotate_interval)).toEqual([300, 300]);

    const [first] = proxies;
    if (!first) throw new Error('unreachable');
    const ninetySeconds = await cli().run(['interval', '90s', String(first.id)]);
    expect(ninetySeconds.code).toBe(EXIT.done);
    expect(stateOf(first)?.rotate_interval).toBe(90);
    const read = parseJson<{ rotate_interval: number }>(
      await cli().run(['get', String(first.id), '--json']),
    );
    expect(read.rotate_interval).toBe(90);
  });

  it('label: sent to the service, and kept in the data folder for the next process', async () => {
    const [proxy] = proxiesForTest(2, 1);
    if (!proxy) throw new Error('unreachable');
    const set = await cli().run(['label', String(proxy.id), 'checkout bot']);
    expect(set.code).toBe(EXIT.done);
    expect(service().store.labelOf(proxy.id)).toBe('checkout bot');

    const read = await cli().run(['get', String(proxy.id), '--field', 'label']);
    expect(read.stdout).toBe('checkout bot\n');
    const removed = await cli().run(['label', String(proxy.id), '']);
    expect(removed.code).toBe(EXIT.done);
    expect((await cli().run(['get', String(proxy.id), '--field', 'label'])).stdout).toBe('\n');
  });

  it('one of three rotations refused: exit 1 naming that proxy alone, the two others changed', async () => {
    const proxies = proxiesForTest(3, 3);
    await cli().run(['rotation', 'off', ...idsOf(proxies)]);
    service().faults.add({
      method: 'PUT',
      path: '/proxies/update_rotation',
      status: 403,
      body: { detail: 'Rotation is not allowed for this proxy' },
    });

    const run = await cli().run(['rotation', 'on', ...idsOf(proxies)]);

    expect(run.code).toBe(EXIT.failed);
    const refused = proxies.filter((proxy) => stateOf(proxy)?.is_rotating === false);
    const changed = proxies.filter((proxy) => stateOf(proxy)?.is_rotating === true);
    expect(refused).toHaveLength(1);
    expect(changed).toHaveLength(2);
    expect(run.stderr).toContain('1 of 3 refused');
    expect(run.stderr).toContain(`(${refused[0]?.id})`);
    for (const proxy of changed) expect(run.stderr).not.toContain(`(${proxy.id})`);
  });
});
