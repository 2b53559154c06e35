import { describe, expect, it } from 'vitest';
import type { Harness } from '../../../tools/preview/harness-server';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { runCli, complaintsOf } from '../support/cli-process';
import { changeableProxiesOf, keychainEntriesOf, proxiesOf, useAppAndCli } from './app-and-cli';

const api = useApiServer();
const app = useAppAndCli(api);

/** Reads the harness's event stream as an open popup would, until `needle` arrives. */
async function popupEvents(harness: Harness) {
  const controller = new AbortController();
  const response = await harness.request('/__events', { signal: controller.signal });
  const reader = response.body?.getReader();
  let received = '';
  return {
    async until(needle: string): Promise<string> {
      while (!received.includes(needle) && reader) {
        const { value, done } = await reader.read();
        if (done) break;
        received += new TextDecoder().decode(value);
      }
      return received;
    },
    stop: () => controller.abort(),
  };
}

describe.runIf(process.platform !== 'win32')(
  'proxy-tray answered by the running app (access on)',
  () => {
    it("lists the app's account, though the command line never signed in (no keychain entry)", async () => {
      const harness = await app.startApp({ access: true });
      const run = await runCli(['proxies', '--json'], { env: app.place().env });
      expect({ code: run.code, complaints: complaintsOf(run) }).toEqual({
        code: 0,
        complaints: '',
      });
      const listed = JSON.parse(run.stdout) as { id: number; password: string }[];
      const expected = proxiesOf(harness);
      expect(expected.length).toBeGreaterThan(0);
      expect(listed.map((proxy) => proxy.id)).toEqual(expected.map((proxy) => proxy.id));
      // Its credentials too, from the app's memory-only sign-in.
      const first = expected[0];
      if (!first) throw new Error('No proxy');
      expect(listed[0]?.password).toBe(harness.services.plans.proxy(first.id).password);
      expect(await keychainEntriesOf(app.place())).toEqual([]);
    });

    it('a label set from the command line is at once in the app, and its open popup hears of it', async () => {
      const harness = await app.startApp({ access: true });
      const [proxy] = changeableProxiesOf(harness);
      if (!proxy) throw new Error('No changeable proxy');
      const events = await popupEvents(harness);
      try {
        const run = await runCli(['label', String(proxy.id), 'scraper EU 7'], {
          env: app.place().env,
        });
        expect({ code: run.code, complaints: complaintsOf(run) }).toEqual({
          code: 0,
          complaints: '',
        });
        expect(harness.services.plans.listed(proxy.id)?.proxy.label).toBe('scraper EU 7');
        const received = await events.until('scraper EU 7');
        expect(received).toMatch(
          /event: plans:changed\ndata: .*"kind":"proxy".*"label":"scraper EU 7"/,
        );
      } finally {
        events.stop();
      }
    });

    it('rotation on for three proxies, one refused by the service: exit 1 naming it, the app shows the two changed', async () => {
      const harness = await app.startApp({ access: true });
      const three = changeableProxiesOf(harness)
        .filter((proxy) => !proxy.is_rotating)
        .slice(0, 3);
      expect(three).toHaveLength(3);
      api().faults.add({
        method: 'PUT',
        path: '/proxies/update_rotation',
        status: 403,
        body: { detail: 'Rotation is not available for this proxy' },
      });
      const run = await runCli(['rotation', 'on', ...three.map((proxy) => String(proxy.id))], {
        env: app.place().env,
      });
      expect(run.code).toBe(1);
      expect(run.stderr).toContain('1 of 3 refused (2 done):');
      // Which one met the fault depends on which request arrived first: the one named is refused.
      const named = three.filter((proxy) => run.stderr.includes(`(${proxy.id}):`));
      expect(named).toHaveLength(1);
      const rotating = three.map(
        (proxy) => harness.services.plans.listed(proxy.id)?.proxy.is_rotating,
      );
      expect(rotating).toEqual(three.map((proxy) => proxy !== named[0]));
      expect(three.map((proxy) => api().store.proxyState(proxy.id)?.is_rotating)).toEqual(rotating);
    });
  },
);
