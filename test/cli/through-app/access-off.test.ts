import { describe, expect, it } from 'vitest';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { runCli, complaintsOf } from '../support/cli-process';
import { changeableProxiesOf, keychainEntriesOf, useAppAndCli } from './app-and-cli';

const api = useApiServer();
const app = useAppAndCli(api);

const HOW_TO_TURN_IT_ON =
  'proxy-tray: Proxy Tray is running, and its command-line access is off. Turn it on in Proxy Tray: Settings → Command-line access (any program you run can then use your proxies), or quit Proxy Tray to use proxy-tray on its own.\n';

describe.runIf(process.platform !== 'win32')(
  'proxy-tray while the app runs with command-line access off',
  () => {
    it('every command that needs the app fails (exit 1) saying how to turn access on, and changes nothing', async () => {
      const harness = await app.startApp({ access: false });
      const [proxy] = changeableProxiesOf(harness);
      if (!proxy) throw new Error('The demo account has no changeable proxy');
      const id = String(proxy.id);
      const labelBefore = proxy.label;
      const rotatingBefore = proxy.is_rotating;
      const token = api().tokenFor('demo');
      const commands: { args: string[]; input?: string }[] = [
        { args: ['login', '--service-url', api().baseUrl, '--token-stdin'], input: `${token}\n` },
        { args: ['logout'] },
        { args: ['accounts'] },
        { args: ['plans', '--json'] },
        { args: ['proxies'] },
        { args: ['get', id, '--field', 'password'] },
        { args: ['rotation', rotatingBefore ? 'off' : 'on', id] },
        { args: ['interval', '5m', id] },
        { args: ['label', id, 'written from a script'] },
        { args: ['check', id] },
        { args: ['export', '--kind', 'lines'] },
        { args: ['port', id] },
        { args: ['__complete', 'proxies'] },
      ];
      for (const { args, input } of commands) {
        const run = await runCli(args, { env: app.place().env, ...(input ? { input } : {}) });
        expect({ args, ...run }).toEqual({
          args,
          code: 1,
          signal: null,
          stdout: '',
          stderr: HOW_TO_TURN_IT_ON,
        });
      }

      // The app's data is as it was: no label, no rotation, no port, still signed in; nothing
      // reached the service, and the CLI made no sign-in of its own.
      const after = harness.services.plans.listed(proxy.id)?.proxy;
      expect(after?.label).toBe(labelBefore);
      expect(after?.is_rotating).toBe(rotatingBefore);
      expect(api().store.labelOf(proxy.id)).toBeUndefined();
      expect(harness.services.localPorts.list()).toEqual([]);
      expect(harness.services.session.status().state).toBe('active');
      expect(api().requestLog.count({ method: 'PUT' })).toBe(0);
      expect(await keychainEntriesOf(app.place())).toEqual([]);
    });

    it('a command run after access is turned on is answered, without restarting the app', async () => {
      const harness = await app.startApp({ access: false });
      expect((await runCli(['plans', '--json'], { env: app.place().env })).code).toBe(1);
      harness.services.settings.update({ commandLineAccess: true });
      const run = await runCli(['plans', '--json'], { env: app.place().env });
      expect({ code: run.code, complaints: complaintsOf(run) }).toEqual({
        code: 0,
        complaints: '',
      });
      const plans = JSON.parse(run.stdout) as { id: number }[];
      expect(plans.map((plan) => plan.id)).toEqual(
        (harness.services.plans.snapshot().plans ?? []).map((plan) => plan.id),
      );
    });
  },
);
