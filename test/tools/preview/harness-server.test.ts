import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { MemoryVault } from '../../../src/main/session/memory-vault';
import { useApiServer } from '../reference-service/use-api-server';
import { startHarness, type Harness } from '../../../tools/preview/harness-server';

const api = useApiServer();
// The popup's source page: the harness only needs its CSP and script tag, not a build.
const rendererDir = fileURLToPath(new URL('../../../src/renderer', import.meta.url));
let harness: Harness | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await harness?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  harness = undefined;
});

async function start(signedIn = true, installedBuild = false): Promise<Harness> {
  dataDir = await mkdtemp(join(tmpdir(), 'proxy-tray-harness-'));
  harness = await startHarness({
    dataDir,
    vault: new MemoryVault(),
    rendererDir,
    installedBuild,
    ...(signedIn ? { signIn: { serviceUrl: api().baseUrl, token: api().tokenFor('demo') } } : {}),
  });
  return harness;
}

const call = (h: Harness, channel: string, input?: unknown, origin = h.origin) =>
  h.request(`/__ipc/${channel}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: origin },
    body: JSON.stringify({ input }),
  });

/** Listens to the harness's events as a page would; `until` reads on until a text arrives. */
async function listen(h: Harness) {
  const controller = new AbortController();
  const response = await h.request('/__events', { signal: controller.signal });
  const reader = response.body?.getReader();
  let received = '';
  return {
    received: () => received,
    async until(needle: string) {
      while (!received.includes(needle) && reader) {
        const { value, done } = await reader.read();
        if (done) break;
        received += new TextDecoder().decode(value);
      }
    },
    stop: () => controller.abort(),
  };
}

describe('the browser harness', () => {
  it('serves the popup page with the bridge script first and connect-src opened to itself only', async () => {
    const h = await start(false);
    const page = await (await h.request('/')).text();
    expect(page.indexOf('/__harness/bridge.js')).toBeLessThan(page.indexOf('src="./src/main.ts"'));
    expect(page).toContain("connect-src 'self'");
    expect(page).toContain("script-src 'self'");
    const bridge = await (await h.request('/__harness/bridge.js')).text();
    expect(bridge).toContain('/__ipc/');
  });

  it('runs requests through the same handlers as the app', async () => {
    const h = await start();
    const status = (await (await call(h, 'session:status')).json()) as {
      ok: boolean;
      value: { state: string };
    };
    expect(status).toMatchObject({ ok: true, value: { state: 'active' } });
    const refreshed = (await (await call(h, 'plans:refresh')).json()) as unknown;
    expect(refreshed).toMatchObject({ ok: true, value: { error: null } });
    const plans = (await (await call(h, 'plans:list')).json()) as {
      value: { plans: unknown[] };
    };
    expect(plans.value.plans).toHaveLength(api().store.account('demo')?.plans.length ?? -1);
    const invalid = await (await call(h, 'proxy:set-label', { proxyId: 'x' })).json();
    expect(invalid).toMatchObject({ ok: false, error: { kind: 'invalid_request' } });
  });

  it('copies to a clipboard tests can read', async () => {
    const h = await start();
    await call(h, 'plans:refresh');
    const proxy = api().store.account('demo')?.plans[0]?.proxies[0];
    if (!proxy) throw new Error('no proxy');
    await call(h, 'credentials:copy', { proxyId: proxy.id });
    expect(h.clipboard.text).toBe(`${proxy.ip}:${proxy.port}:${proxy.username}:${proxy.password}`);
    expect(await (await h.request('/__harness/state')).json()).toMatchObject({
      clipboard: h.clipboard.text,
    });
  });

  it('offers an export as a download named as the save dialog would propose', async () => {
    const h = await start();
    await call(h, 'plans:refresh');
    const plan = api().store.account('demo')?.plans[0];
    const ids = plan?.proxies.map((proxy) => proxy.id) ?? [];
    const response = await call(h, 'export:save', { proxyIds: ids, kind: 'json' });
    const link = response.headers.get('X-Harness-Download');
    expect(await response.json()).toMatchObject({
      ok: true,
      value: { saved: true, count: ids.length },
    });
    expect(link).toMatch(/^\/__harness\/downloads\/\d+$/);
    const file = await h.request(link ?? '');
    expect(file.headers.get('Content-Disposition')).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent(`${plan?.name}.json`)}`,
    );
    const records = (await file.json()) as { id: number }[];
    expect(records.map((record) => record.id)).toEqual(ids);
    // Other calls offer nothing to download.
    expect((await call(h, 'session:status')).headers.get('X-Harness-Download')).toBeNull();
    expect((await h.request('/__harness/downloads/99')).status).toBe(404);
  });

  it('records desktop notifications; a click on one shows the popup at its plan', async () => {
    const h = await start();
    await call(h, 'plans:refresh');
    const blocked = h.notifications.find((alert) => alert.kind === 'plan-blocked');
    expect(blocked?.planId).toBeDefined();
    const state = (await (await h.request('/__harness/state')).json()) as {
      notifications: { key: string }[];
    };
    expect(state.notifications.map((alert) => alert.key)).toContain(blocked?.key);

    const events = await listen(h);
    const click = await h.request('/__harness/notification-click', {
      method: 'POST',
      body: JSON.stringify({ key: blocked?.key }),
    });
    expect(click.status).toBe(204);
    await events.until(`"planId":${blocked?.planId}`);
    expect(events.received()).toContain(
      `"focusSearch":false,"panel":"plans","planId":${blocked?.planId}`,
    );
    events.stop();
    const unknown = await h.request('/__harness/notification-click', {
      method: 'POST',
      body: JSON.stringify({ key: 'nope' }),
    });
    expect(unknown.status).toBe(404);
  });

  const offerUpdate = (h: Harness) =>
    h.request('/__harness/update-ready', {
      method: 'POST',
      body: JSON.stringify({ version: '1.2.3' }),
    });

  it('has no updates, like any build that is not installed', async () => {
    const h = await start(false);
    expect(await (await call(h, 'updates:status')).json()).toMatchObject({
      value: { state: 'unavailable' },
    });
    expect((await offerUpdate(h)).status).toBe(409);
  });

  it('plays an installed build whose update server the test drives, and records the restart', async () => {
    const h = await start(false, true);
    expect((await offerUpdate(h)).status).toBe(204);
    await expect
      .poll(async () => (await call(h, 'updates:status')).json())
      .toEqual({ ok: true, value: { state: 'ready', version: '1.2.3' } });
    expect(await (await call(h, 'updates:restart')).json()).toEqual({ ok: true, value: null });
    expect(await (await h.request('/__harness/state')).json()).toMatchObject({
      updateChecks: 1,
      updateRestarts: 1,
    });
  });

  it('logs as the app does: its services’ failures, redacted, in <data dir>/logs/main.log', async () => {
    const h = await start();
    const token = api().tokenFor('demo');
    h.services.session.onChange(() => {
      throw new Error(`a listener saw ${token}`);
    });
    expect(await (await call(h, 'session:sign-out', {})).json()).toMatchObject({ ok: true });
    expect(h.logsFolder).toBe(join(dataDir ?? '', 'logs'));
    const text = await readFile(join(h.logsFolder, 'main.log'), 'utf8');
    expect(text).toMatch(
      /\[error\]\s+A listener of the session failed: Error: a listener saw \[redacted\]\n\s+at /,
    );
    expect(text).not.toContain(token);
  });

  it('counts "Open logs folder" where the app would open the file manager', async () => {
    const h = await start(false);
    expect(await (await call(h, 'logs:open-folder')).json()).toEqual({ ok: true, value: null });
    expect(h.shell.logsFolderOpened).toBe(1);
  });

  it('refuses requests from another origin', async () => {
    const h = await start();
    const response = await call(h, 'session:status', undefined, 'http://evil.example');
    expect(response.status).toBe(403);
  });

  it('announces the popup as shown to a page that connects, and sends events as they happen', async () => {
    const h = await start();
    const events = await listen(h);
    await events.until('event: popup:shown');
    expect(events.received()).toContain('"focusSearch":true');
    await call(h, 'settings:update', { theme: 'dark' });
    await events.until('event: settings:changed');
    expect(events.received()).toContain('"theme":"dark"');
    events.stop();
  });

  it('serves only the popup’s own files', async () => {
    const h = await start(false);
    expect((await h.request('/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await h.request('/src/main.ts')).status).toBe(404);
  });
});
