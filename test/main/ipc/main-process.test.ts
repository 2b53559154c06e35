import { describe, expect, it } from 'vitest';
import { formatCredentials } from '../../../src/shared/credentials';
import type { PlansSnapshot } from '../../../src/shared/views/plans-view';
import { proxyTitle } from '../../../src/shared/ipc/proxy-title';
import { useApiServer } from '../../tools/reference-service/use-api-server';
import { refreshedPlans, startSignedIn, useMainProcess, valueOf } from './main-services-fixture';

const server = useApiServer();
const main = useMainProcess();

const signedIn = (username = 'demo') => startSignedIn(main, server(), username);

const proxiesOf = (snapshot: PlansSnapshot) =>
  snapshot.plans?.flatMap((plan) => plan.proxies) ?? [];

describe('the main process over its IPC handlers', () => {
  it('signs in, keeps the token in the keychain only, and lists the plans', async () => {
    const { call, events, snapshot, services } = await signedIn();
    const token = server().tokenFor('demo');
    expect(proxiesOf(snapshot).length).toBeGreaterThan(0);
    const [stored] = await main.keychain.entries();
    expect(stored?.password).toBe(token);
    const everythingSent = JSON.stringify([
      events,
      await call('session:status'),
      await call('settings:get'),
      await call('account:get'),
      await call('plans:list'),
    ]);
    expect(everythingSent).not.toContain(token);
    expect(everythingSent).not.toContain('"password"');
    // Every file the app wrote, the plans kept on disk included: none holds the token, nor a
    // proxy's password in the clear.
    await services.shutdown();
    const files = await import('node:fs').then((fs) =>
      fs
        .readdirSync(main.dir(), { recursive: true, encoding: 'utf8' })
        .map((name) => `${main.dir()}/${name}`)
        .filter((file) => fs.statSync(file).isFile())
        .map((file) => fs.readFileSync(file, 'latin1')),
    );
    expect(files.some((file) => file.startsWith('PTPC'))).toBe(true);
    expect(files.join('\n')).not.toContain(token);
    for (const proxy of proxiesOf(snapshot)) {
      expect(files.join('\n')).not.toContain(
        server().store.locateProxy(proxy.id)?.proxy.password ?? 'no password',
      );
    }
  });

  it('refuses a bad token with the service’s reason and stores nothing', async () => {
    const app = main.start();
    const result = await app.call('session:sign-in', {
      serviceUrl: server().baseUrl,
      token: 'not-a-token',
    });
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(await main.keychain.entries()).toEqual([]);
    expect(valueOf(await app.call('session:status')).state).toBe('signed-out');
  });

  it('copies credentials in the default format, then in any other', async () => {
    const { call, clipboard, snapshot } = await signedIn();
    const proxyId = proxiesOf(snapshot)[0]?.id ?? -1;
    const proxy = server().store.locateProxy(proxyId)?.proxy;
    if (!proxy) throw new Error('no proxy');
    expect(valueOf(await call('credentials:copy', { proxyId }))).toEqual({
      description: `ip:port:username:password of ${proxyTitle({ ...proxy, label: null }, new Set())} copied`,
      clearsInSeconds: 30,
    });
    expect(clipboard.text).toBe(`${proxy.ip}:${proxy.port}:${proxy.username}:${proxy.password}`);
    expect(clipboard.concealed).toBe(true);
    await call('credentials:copy', { proxyId, format: 'socks5-url', hostChoice: 'ipv6' });
    expect(clipboard.text).toBe(
      formatCredentials(proxy, { format: 'socks5-url', hostChoice: 'ipv6' }),
    );
    valueOf(
      await call('settings:update', { copyFormat: 'custom', customTemplate: '{username}@{ipv4}' }),
    );
    await call('credentials:copy', { proxyId });
    expect(clipboard.text).toBe(`${proxy.username}@${proxy.assigned_proxy_ipv4}`);
  });

  it('reveals a password only when asked', async () => {
    const { call, snapshot } = await signedIn();
    const proxyId = proxiesOf(snapshot)[0]?.id ?? -1;
    const revealed = valueOf(await call('proxy:reveal-password', { proxyId }));
    expect(revealed.password).toBe(server().store.locateProxy(proxyId)?.proxy.password);
  });

  it('changes rotation, interval and label on the service, and keeps the label across a restart', async () => {
    const { call, services, snapshot } = await signedIn();
    const proxy = proxiesOf(snapshot).find((candidate) => {
      const location = server().store.locateProxy(candidate.id);
      return location && !location.plan.is_blocked;
    });
    if (!proxy) throw new Error('no changeable proxy');
    valueOf(
      await call('proxy:set-rotation', { proxyId: proxy.id, isRotating: !proxy.is_rotating }),
    );
    expect(services.plans.listed(proxy.id)?.proxy.is_rotating).toBe(!proxy.is_rotating);
    valueOf(await call('proxy:set-interval', { proxyId: proxy.id, seconds: 600 }));
    valueOf(await call('proxy:set-label', { proxyId: proxy.id, label: 'Sneaker shop · EU' }));
    expect(server().store.proxyState(proxy.id)).toMatchObject({
      is_rotating: !proxy.is_rotating,
      rotate_interval: 600,
      label: 'Sneaker shop · EU',
    });

    // A new main process over the same files and keychain: the session and the label come back.
    const restarted = main.start();
    await restarted.services.start();
    expect(valueOf(await restarted.call('session:status')).state).toBe('active');
    const reloaded = await refreshedPlans(restarted.call);
    expect(proxiesOf(reloaded).find((candidate) => candidate.id === proxy.id)?.label).toBe(
      'Sneaker shop · EU',
    );
  });

  it('switches accounts and shows each account’s own plans', async () => {
    const { call } = await signedIn('demo');
    const other = valueOf(
      await call('session:sign-in', {
        serviceUrl: server().baseUrl,
        token: server().tokenFor('other'),
      }),
    );
    expect(other.account?.username).toBe('other');
    expect(other.accounts).toHaveLength(2);
    const otherPlans = await refreshedPlans(call);
    expect(otherPlans.plans?.map((plan) => plan.id)).toEqual(
      server()
        .store.account('other')
        ?.plans.map((plan) => plan.id),
    );
    const demoId = other.accounts.find((account) => account.username === 'demo')?.id ?? '';
    expect(
      valueOf(await call('session:switch-account', { accountId: demoId })).account?.username,
    ).toBe('demo');
  });

  it('signs out: the keychain entry and the plans kept on disk go, the popup is told', async () => {
    const { call, events } = await signedIn();
    const cacheDir = `${main.dir()}/plans-cache`;
    const fs = await import('node:fs');
    await expect.poll(() => fs.existsSync(cacheDir) && fs.readdirSync(cacheDir)).toHaveLength(1);
    const status = valueOf(await call('session:sign-out', {}));
    expect(status.state).toBe('signed-out');
    expect(await main.keychain.entries()).toEqual([]);
    await expect.poll(() => fs.readdirSync(cacheDir)).toEqual([]);
    expect(events.findLast(({ event }) => event === 'session:changed')).toMatchObject({
      event: 'session:changed',
      payload: { state: 'signed-out' },
    });
  });

  it('a token revoked mid-session turns the session to rejected and keeps the plans on screen', async () => {
    const { call, events } = await signedIn();
    const account = server().store.account('demo');
    if (!account) throw new Error('no demo');
    server().tokens.revokeAllFor(account.user.uuid);
    try {
      // The refresh's answer says how it ended; the plans listed keep the last good ones.
      expect(valueOf(await call('plans:refresh')).error?.kind).toBe('auth');
      const snapshot = valueOf(await call('plans:list'));
      expect(snapshot.error?.kind).toBe('auth');
      expect(snapshot.plans).not.toBeNull();
      expect(valueOf(await call('session:status')).state).toBe('rejected');
      expect(
        events.some(
          (entry) =>
            entry.event === 'session:changed' &&
            (entry.payload as { state: string }).state === 'rejected',
        ),
      ).toBe(true);
    } finally {
      await server().issueToken('demo');
    }
  });

  it('refuses malformed requests before any handler runs', async () => {
    const { call } = await signedIn();
    expect(await call('proxy:set-interval', { proxyId: -1, seconds: 60 })).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request' },
    });
    expect(await call('settings:update', { accounts: [] } as never)).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request' },
    });
    expect(await call('nope:nothing' as never)).toMatchObject({
      ok: false,
      error: { kind: 'invalid_request' },
    });
  });

  it('reports a refused setting with its reason', async () => {
    const { call } = await signedIn();
    const result = await call('settings:update', { customTemplate: '{password' });
    expect(result).toMatchObject({ ok: false });
    if (result.ok) return;
    expect(['invalid_input', 'invalid_request']).toContain(result.error.kind);
    expect(result.error.message).toMatch(/brace|\{/);
  });

  it('changes to settings reach the popup as an event', async () => {
    const { call, events } = await signedIn();
    valueOf(await call('settings:update', { theme: 'dark' }));
    expect(events.at(-1)).toMatchObject({ event: 'settings:changed', payload: { theme: 'dark' } });
  });

  it('tells the popup once when a settings file had to be recovered', async () => {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(`${main.dir()}/settings.json`, '{"theme": "purple", "copyFormat": "curl"');
    const app = main.start();
    const [notice, ...others] = valueOf(await app.call('app:notices'));
    expect(others).toEqual([]);
    expect(notice).toMatch(
      /Your settings file could not be read .* saved as .*settings\.invalid-.*\.json/,
    );
    expect(valueOf(await app.call('app:notices'))).toEqual([]);
    const fresh = main.start();
    expect(valueOf(await fresh.call('app:notices'))).toEqual([]);
  });

  it('announces expiring and blocked plans once per day, and counts them for the tray badge', async () => {
    const { call, notifications, services } = await signedIn();
    const stored = server().store.account('demo')?.plans ?? [];
    const blocked = stored.filter((plan) => plan.is_blocked).map((plan) => plan.id);
    expect(blocked.length).toBeGreaterThan(0);
    expect(
      notifications.filter((alert) => alert.kind === 'plan-blocked').map((alert) => alert.planId),
    ).toEqual(blocked);
    expect(notifications.some((alert) => alert.kind === 'plan-expiring')).toBe(true);
    const shown = notifications.length;
    await call('plans:refresh');
    expect(notifications).toHaveLength(shown);
    expect(services.alerts.attentionCount).toBe(shown);
  });

  it('hides the popup and quits on request', async () => {
    const { call, counters } = await signedIn();
    await call('popup:hide');
    await call('app:quit');
    expect(counters).toEqual({ hidden: 1, quit: 1 });
  });
});
