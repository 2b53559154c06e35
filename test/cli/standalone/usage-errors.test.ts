import { describe, expect, it } from 'vitest';
import { EXIT } from '../../../src/cli/exit-codes';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { usableProxies, useSignedInCli } from '../support/signed-in-cli';

const service = useApiServer();
const cli = useSignedInCli(service);

describe('proxy-tray on its own: a wrong command line exits 2 and changes nothing', () => {
  it('an unknown flag', async () => {
    const run = await cli().run(['proxies', '--colour']);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stdout).toBe('');
    expect(run.stderr).toContain('--colour');
  });

  it('a missing argument', async () => {
    const get = await cli().run(['get']);
    expect(get.code).toBe(EXIT.usage);
    expect(get.stderr).toContain('PROXY');
    expect((await cli().run(['rotation', 'on'])).code).toBe(EXIT.usage);
  });

  it("the Windows installer's PATH command, run by Node on another OS: refused by name", async () => {
    const run = await cli().run(['__user-path', 'add']);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('__user-path is for the Windows installer');
  });

  it('a bad duration, with the service untouched', async () => {
    const [entry] = usableProxies(service());
    if (!entry) throw new Error('The demo account needs a usable proxy');
    const before = service().store.proxyState(entry.proxy.id)?.rotate_interval;
    const run = await cli().run(['interval', '5 minutes', String(entry.proxy.id)]);
    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain('"5 minutes" is not a duration');
    expect(service().store.proxyState(entry.proxy.id)?.rotate_interval).toBe(before);
    expect(service().requestLog.count({ method: 'PUT' })).toBe(0);
  });

  it('a PROXY that names two proxies: exit 2 listing both candidates', async () => {
    const [first, second] = usableProxies(service());
    if (!first || !second) throw new Error('The demo account needs two usable proxies');
    for (const { proxy } of [first, second]) {
      expect((await cli().run(['label', String(proxy.id), 'twin'])).code).toBe(EXIT.done);
    }
    const before = service().store.proxyState(first.proxy.id)?.is_rotating;

    const run = await cli().run(['rotation', before ? 'off' : 'on', 'twin']);

    expect(run.code).toBe(EXIT.usage);
    expect(run.stderr).toContain(String(first.proxy.id));
    expect(run.stderr).toContain(String(second.proxy.id));
    expect(service().store.proxyState(first.proxy.id)?.is_rotating).toBe(before);
  });
});
