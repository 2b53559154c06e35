import { describe, expect, it } from 'vitest';
import type { Timers } from '../../../src/main/timers';
import type { PlansSnapshot } from '../../../src/shared/views/plans-view';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { refreshedPlans, startSignedIn, useMainProcess, valueOf } from './main-services-fixture';

const server = useApiServer();
const main = useMainProcess();

/** Each open plan with its first proxy, as the service has them (passwords included). */
function openPlans(snapshot: PlansSnapshot) {
  return (snapshot.plans ?? [])
    .filter((plan) => !plan.is_blocked && plan.proxies.length > 0)
    .map((plan) => {
      const id = plan.proxies[0]?.id ?? -1;
      const proxy = server().store.locateProxy(id)?.proxy;
      if (!proxy) throw new Error(`proxy ${id} is not on the service`);
      return { planId: plan.id, proxy };
    });
}

async function signedIn(extra: Parameters<ReturnType<typeof useMainProcess>['start']>[0] = {}) {
  const app = main.start(extra);
  const status = valueOf(
    await app.call('session:sign-in', {
      serviceUrl: server().baseUrl,
      token: server().tokenFor('demo'),
    }),
  );
  if (status.state !== 'active') throw new Error('not signed in');
  return { ...app, snapshot: await refreshedPlans(app.call) };
}

describe('copying one field', () => {
  it('copies each field alone, the host as the host choice says and never bracketed', async () => {
    const { call, clipboard, snapshot } = await startSignedIn(main, server());
    const [first] = openPlans(snapshot);
    if (!first) throw new Error('no open plan');
    const { proxy } = first;
    const proxyId = proxy.id;
    const copied = async (input: object) => {
      valueOf(await call('credentials:copy', { proxyId, ...input } as never));
      return clipboard.text;
    };
    expect(await copied({ field: 'username' })).toBe(proxy.username);
    expect(await copied({ field: 'password' })).toBe(proxy.password);
    expect(clipboard.concealed).toBe(true);
    expect(await copied({ field: 'port' })).toBe(String(proxy.port));
    expect(await copied({ field: 'host' })).toBe(proxy.ip);
    expect(await copied({ field: 'host', hostChoice: 'ipv4' })).toBe(proxy.assigned_proxy_ipv4);
    expect(proxy.assigned_proxy_ipv6).toContain(':');
    expect(await copied({ field: 'host', hostChoice: 'ipv6' })).toBe(proxy.assigned_proxy_ipv6);
  });

  it('says what was copied, naming the proxy by its label, never by id or password', async () => {
    const { call, snapshot } = await startSignedIn(main, server());
    const [first] = openPlans(snapshot);
    if (!first) throw new Error('no open plan');
    const proxyId = first.proxy.id;
    const address = `${first.proxy.ip}:${first.proxy.port}`;
    expect(valueOf(await call('credentials:copy', { proxyId, field: 'password' }))).toEqual({
      description: `Password of ${address} copied`,
      clearsInSeconds: 30,
    });
    valueOf(await call('proxy:set-label', { proxyId, label: 'DE-1' }));
    const answer = valueOf(await call('credentials:copy', { proxyId, format: 'socks5-url' }));
    expect(answer.description).toBe('SOCKS5 proxy URL of DE-1 copied');
    expect(JSON.stringify(answer)).not.toContain(first.proxy.password);
    expect(answer.description).not.toContain(String(proxyId));
  });

  it('takes a format or a field, never both, and nothing else', async () => {
    const { call, clipboard, snapshot } = await startSignedIn(main, server());
    const proxyId = openPlans(snapshot)[0]?.proxy.id ?? -1;
    clipboard.userCopies('mine');
    for (const input of [
      { proxyId, format: 'curl', field: 'password' },
      { proxyId, field: 'passwd' },
      { proxyId, field: 'password', template: '{password}' },
      { proxyId, format: 'curl', extra: true },
    ]) {
      expect(await call('credentials:copy', input as never)).toMatchObject({
        ok: false,
        error: { kind: 'invalid_request' },
      });
    }
    expect(clipboard.text).toBe('mine');
  });
});

describe('copying in the custom format', () => {
  it('writes the template saved in Settings, and warns when it joins a ":" field by ":"', async () => {
    const { call, clipboard, snapshot } = await startSignedIn(main, server());
    const [first] = openPlans(snapshot);
    if (!first) throw new Error('no open plan');
    const { proxy } = first;
    const proxyId = proxy.id;
    valueOf(await call('settings:update', { customTemplate: '{username}@{ipv4}' }));
    const copied = valueOf(await call('credentials:copy', { proxyId, format: 'custom' }));
    expect(clipboard.text).toBe(`${proxy.username}@${proxy.assigned_proxy_ipv4}`);
    expect(copied).not.toHaveProperty('colonWarning');

    proxy.password = 'pa:ss';
    valueOf(await call('plans:refresh'));
    valueOf(await call('settings:update', { customTemplate: '{ip}:{password}' }));
    const warned = valueOf(await call('credentials:copy', { proxyId, format: 'custom' }));
    expect(clipboard.text).toBe(`${proxy.ip}:pa:ss`);
    expect(warned.colonWarning).toBe(
      "the password contains ':' — tools that split on ':' will misread it",
    );
  });
});

describe('the host choice remembered per plan', () => {
  it('is used by copies that name no host, per plan, and survives a restart', async () => {
    const { call, clipboard, snapshot } = await startSignedIn(main, server());
    const [first, second] = openPlans(snapshot);
    if (!first || !second) throw new Error('two open plans are needed');
    const accountId = snapshot.accountId;
    expect(valueOf(await call('credentials:plan-host-choices'))).toEqual({ accountId, plans: [] });

    valueOf(
      await call('credentials:set-host-choice', { proxyId: first.proxy.id, hostChoice: 'ipv6' }),
    );
    valueOf(await call('credentials:copy', { proxyId: first.proxy.id, field: 'host' }));
    expect(clipboard.text).toBe(first.proxy.assigned_proxy_ipv6);
    valueOf(await call('credentials:copy', { proxyId: first.proxy.id }));
    expect(clipboard.text).toBe(
      `[${first.proxy.assigned_proxy_ipv6}]:${first.proxy.port}:${first.proxy.username}:${first.proxy.password}`,
    );
    // An explicit choice still wins, and another plan keeps the settings' default.
    valueOf(
      await call('credentials:copy', {
        proxyId: first.proxy.id,
        field: 'host',
        hostChoice: 'entry',
      }),
    );
    expect(clipboard.text).toBe(first.proxy.ip);
    valueOf(await call('credentials:copy', { proxyId: second.proxy.id, field: 'host' }));
    expect(clipboard.text).toBe(second.proxy.ip);
    valueOf(await call('settings:update', { hostChoice: 'ipv4' }));
    valueOf(await call('credentials:copy', { proxyId: second.proxy.id, field: 'host' }));
    expect(clipboard.text).toBe(second.proxy.assigned_proxy_ipv4);
    // The settings' choice is no choice of the plan's own: only the first plan is listed.
    expect(valueOf(await call('credentials:plan-host-choices'))).toEqual({
      accountId,
      plans: [{ planId: first.planId, hostChoice: 'ipv6' }],
    });

    // A new main process over the same files: the plan's choice is still there.
    const restarted = main.start();
    await restarted.services.start();
    valueOf(await restarted.call('plans:refresh'));
    expect(valueOf(await restarted.call('credentials:plan-host-choices'))).toEqual({
      accountId,
      plans: [{ planId: first.planId, hostChoice: 'ipv6' }],
    });
    valueOf(await restarted.call('credentials:copy', { proxyId: first.proxy.id, field: 'host' }));
    expect(restarted.clipboard.text).toBe(first.proxy.assigned_proxy_ipv6);
  });

  it("is listed for the popup, named by the copy's description, and forgotten per plan", async () => {
    const { call, clipboard, snapshot } = await startSignedIn(main, server());
    const [first, second] = openPlans(snapshot);
    if (!first || !second) throw new Error('two open plans are needed');
    const accountId = snapshot.accountId;
    expect(valueOf(await call('credentials:plan-host-choices'))).toEqual({ accountId, plans: [] });

    valueOf(
      await call('credentials:set-host-choice', { proxyId: first.proxy.id, hostChoice: 'ipv6' }),
    );
    valueOf(
      await call('credentials:set-host-choice', { proxyId: second.proxy.id, hostChoice: 'ipv4' }),
    );
    expect(valueOf(await call('credentials:plan-host-choices'))).toEqual({
      accountId,
      plans: [
        { planId: first.planId, hostChoice: 'ipv6' },
        { planId: second.planId, hostChoice: 'ipv4' },
      ],
    });
    const copied = valueOf(await call('credentials:copy', { proxyId: first.proxy.id }));
    expect(copied.description).toMatch(
      new RegExp(`copied with its assigned IPv6 ${first.proxy.assigned_proxy_ipv6}$`),
    );

    expect(valueOf(await call('credentials:forget-host-choice', { planId: first.planId }))).toEqual(
      { accountId, plans: [{ planId: second.planId, hostChoice: 'ipv4' }] },
    );
    const again = valueOf(await call('credentials:copy', { proxyId: first.proxy.id }));
    expect(clipboard.text).toBe(
      `${first.proxy.ip}:${first.proxy.port}:${first.proxy.username}:${first.proxy.password}`,
    );
    expect(again.description).not.toMatch(/assigned/);
  });

  it('is forgotten when the host picked is the one Settings gives: the plan follows them again', async () => {
    const { call, clipboard, snapshot } = await startSignedIn(main, server());
    const [first, second] = openPlans(snapshot);
    if (!first || !second) throw new Error('two open plans are needed');
    const accountId = snapshot.accountId;
    valueOf(await call('settings:update', { hostChoice: 'ipv4' }));
    valueOf(
      await call('credentials:set-host-choice', { proxyId: second.proxy.id, hostChoice: 'ipv6' }),
    );
    const secondOwn = { planId: second.planId, hostChoice: 'ipv6' };

    // A host other than the settings' is the plan's own, as before.
    expect(
      valueOf(
        await call('credentials:set-host-choice', { proxyId: first.proxy.id, hostChoice: 'ipv6' }),
      ),
    ).toEqual({ accountId, plans: [secondOwn, { planId: first.planId, hostChoice: 'ipv6' }] });
    // The settings' host: no choice of the plan's own is left, other plans keep theirs.
    expect(
      valueOf(
        await call('credentials:set-host-choice', { proxyId: first.proxy.id, hostChoice: 'ipv4' }),
      ),
    ).toEqual({ accountId, plans: [secondOwn] });
    expect(valueOf(await call('credentials:plan-host-choices'))).toEqual({
      accountId,
      plans: [secondOwn],
    });
    valueOf(await call('credentials:copy', { proxyId: first.proxy.id, field: 'host' }));
    expect(clipboard.text).toBe(first.proxy.assigned_proxy_ipv4);

    // A later change of the settings reaches the plan again.
    valueOf(await call('settings:update', { hostChoice: 'entry' }));
    valueOf(await call('credentials:copy', { proxyId: first.proxy.id, field: 'host' }));
    expect(clipboard.text).toBe(first.proxy.ip);
    // Picked while it had no choice of its own: nothing to forget, nothing stored.
    expect(
      valueOf(
        await call('credentials:set-host-choice', { proxyId: first.proxy.id, hostChoice: 'entry' }),
      ),
    ).toEqual({ accountId, plans: [secondOwn] });
  });

  it('tells the popup once when its file had to be recovered', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${main.dir()}/host-choices.json`, '{"hostChoices": ');
    const app = main.start();
    const notices = valueOf(await app.call('app:notices'));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatch(/Your host choices file could not be read .*host-choices\.invalid-/);
  });
});

describe('the clipboard:cleared event', () => {
  /** Timers the test fires by hand: the services' refresh schedule shares them, and waits. */
  function manualTimers() {
    const scheduled = new Map<number, { callback: () => void; ms: number }>();
    let next = 1;
    const timers: Timers = {
      setTimeout: (callback, ms) => {
        scheduled.set(next, { callback, ms });
        return next++;
      },
      clearTimeout: (handle) => scheduled.delete(handle as number),
    };
    const fire = async (ms: number) => {
      for (const [handle, timer] of scheduled) {
        if (timer.ms !== ms) continue;
        scheduled.delete(handle);
        timer.callback();
      }
      // The clear reads the clipboard, then clears it: let both settle.
      await new Promise((resolve) => setTimeout(resolve, 10));
    };
    return { timers, fire };
  }

  it('tells the popup when the copy was taken off the clipboard, not when the user copied since', async () => {
    const { timers, fire } = manualTimers();
    const { call, clipboard, events, snapshot } = await signedIn({ timers });
    const proxyId = openPlans(snapshot)[0]?.proxy.id ?? -1;
    const cleared = () => events.filter(({ event }) => event === 'clipboard:cleared');

    valueOf(await call('credentials:copy', { proxyId, field: 'password' }));
    expect(cleared()).toEqual([]);
    await fire(30_000);
    expect(clipboard.text).toBe('');
    expect(cleared()).toEqual([{ event: 'clipboard:cleared', payload: null }]);

    valueOf(await call('credentials:copy', { proxyId, field: 'username' }));
    clipboard.userCopies('a shopping list');
    await fire(30_000);
    expect(clipboard.text).toBe('a shopping list');
    expect(cleared()).toHaveLength(1);
  });
});

describe('copying a line whose fields hold ":"', () => {
  it('copies it all the same and warns, in the ":"-joined formats only', async () => {
    const { call, clipboard, snapshot } = await startSignedIn(main, server());
    const [first] = openPlans(snapshot);
    if (!first) throw new Error('no open plan');
    const { proxy } = first;
    proxy.password = 'pa:ss';
    valueOf(await call('plans:refresh'));
    const proxyId = proxy.id;
    const warning = "the password contains ':' — tools that split on ':' will misread it";

    const plain = valueOf(
      await call('credentials:copy', { proxyId, format: 'ip-port-user-pass', hostChoice: 'entry' }),
    );
    expect(plain.colonWarning).toBe(warning);
    expect(clipboard.text).toBe(`${proxy.ip}:${proxy.port}:${proxy.username}:pa:ss`);

    const url = valueOf(
      await call('credentials:copy', { proxyId, format: 'http-url', hostChoice: 'entry' }),
    );
    expect(url).not.toHaveProperty('colonWarning');
    expect(clipboard.text).toBe(`http://${proxy.username}:pa%3Ass@${proxy.ip}:${proxy.port}`);

    // One field alone is no line to split.
    expect(
      valueOf(await call('credentials:copy', { proxyId, field: 'password' })),
    ).not.toHaveProperty('colonWarning');
  });
});
