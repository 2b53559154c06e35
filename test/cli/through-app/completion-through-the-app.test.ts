import { describe, expect, it } from 'vitest';
import { hostAndPort } from '../../../src/shared/credentials/url-parts';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { runCli, complaintsOf } from '../support/cli-process';
import { changeableProxiesOf, proxiesOf, useAppAndCli } from './app-and-cli';

const api = useApiServer();
const app = useAppAndCli(api);

describe.runIf(process.platform !== 'win32')('completing a PROXY through the running app', () => {
  it('prints one line per proxy of the app (its label, else host:port), never a password', async () => {
    const harness = await app.startApp({ access: true });
    const [labelled] = changeableProxiesOf(harness);
    if (!labelled) throw new Error('No proxy');
    await harness.services.plans.setLabel(labelled.id, 'checkout bot');
    const run = await runCli(['__complete', 'proxies'], { env: app.place().env });
    expect({ code: run.code, complaints: complaintsOf(run) }).toEqual({ code: 0, complaints: '' });
    const expected = new Set(
      proxiesOf(harness).map(
        (proxy) => proxy.label || hostAndPort(proxy.ip, proxy.port).toLowerCase(),
      ),
    );
    expect(expected.has('checkout bot')).toBe(true);
    expect(run.stdout).toBe([...expected].map((name) => `${name}\n`).join(''));
    for (const proxy of proxiesOf(harness)) {
      expect(run.stdout).not.toContain(harness.services.plans.proxy(proxy.id).password);
    }
  });
});
