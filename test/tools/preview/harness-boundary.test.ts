import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryVault } from '../../../src/main/session/memory-vault';
import { useApiServer } from '../reference-service/use-api-server';
import { startHarness, type Harness } from '../../../tools/preview/harness-server';

const api = useApiServer();
const rendererDir = fileURLToPath(new URL('../../../src/renderer', import.meta.url));
let harness: Harness | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await harness?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
  harness = undefined;
  vi.restoreAllMocks();
});

async function start(): Promise<Harness> {
  dataDir = await mkdtemp(join(tmpdir(), 'proxy-tray-harness-'));
  harness = await startHarness({
    dataDir,
    vault: new MemoryVault(),
    rendererDir,
    installedBuild: true,
    signIn: { serviceUrl: api().baseUrl, token: api().tokenFor('demo') },
  });
  harness.clipboard.text = 'a copied password';
  return harness;
}

const own = (h: Harness) => h.origin;
const FOREIGN = 'http://127.0.0.1:1';

interface Route {
  method: 'GET' | 'POST';
  path: string;
  body?: string;
  /** What the route answers the preview's own user (with its cookie, from its own page). */
  status: number;
}

/**
 * Every route the harness serves: the page and its files, the bridge, the event stream, the
 * popup's requests (the two the audit used to take passwords and run a program among them) and
 * the test routes.
 */
const ROUTES: Route[] = [
  { method: 'GET', path: '/', status: 200 },
  { method: 'GET', path: '/index.html', status: 200 },
  { method: 'GET', path: '/src/styles/global.css', status: 200 },
  { method: 'GET', path: '/__harness/bridge.js', status: 200 },
  { method: 'GET', path: '/no-such-file.js', status: 404 },
  { method: 'GET', path: '/__harness/state', status: 200 },
  { method: 'GET', path: '/__events', status: 200 },
  { method: 'POST', path: '/__ipc/session:status', body: '{}', status: 200 },
  { method: 'POST', path: '/__ipc/plans:refresh', body: '{}', status: 200 },
  {
    method: 'POST',
    path: '/__ipc/settings:update',
    body: '{"input":{"browserPath":"/tmp/not-a-browser.sh"}}',
    status: 200,
  },
  { method: 'POST', path: '/__harness/show', body: '{}', status: 204 },
  { method: 'POST', path: '/__harness/notification-click', body: '{"key":"x"}', status: 404 },
  { method: 'POST', path: '/__harness/update-ready', body: '{"version":"9.9.9"}', status: 204 },
  { method: 'POST', path: '/__harness/update-server-down', status: 204 },
  { method: 'GET', path: '/__harness/downloads/0', status: 200 },
];

const STATE: Route = { method: 'GET', path: '/__harness/state', status: 200 };

/** What a refused request must leave as it was: nothing shown, checked, changed or handed out. */
function observable(h: Harness): string {
  return JSON.stringify({
    shell: h.shell,
    checks: h.updater.checks,
    browserPath: h.services.settings.get().browserPath,
    pages: h.connectedPages(),
  });
}

/** One request, as any local program may write it; an open event stream is let go at once. */
async function send(h: Harness, route: Route, headers: Record<string, string>) {
  const controller = new AbortController();
  const response = await fetch(new URL(route.path, h.origin), {
    method: route.method,
    headers,
    redirect: 'manual',
    signal: controller.signal,
    ...(route.body === undefined ? {} : { body: route.body }),
  });
  const stream = response.headers.get('Content-Type') === 'text/event-stream';
  const text = stream ? '' : await response.text();
  controller.abort();
  return { status: response.status, text, headers: response.headers };
}

/** An export offered as a download (the first, `/__harness/downloads/0`): passwords in a file. */
async function offerADownload(h: Harness): Promise<void> {
  await h.request('/__ipc/plans:refresh', {
    method: 'POST',
    headers: { Origin: h.origin },
    body: '{}',
  });
  const proxyIds = api()
    .store.account('demo')
    ?.plans[0]?.proxies.map((proxy) => proxy.id);
  const exported = await h.request('/__ipc/export:save', {
    method: 'POST',
    headers: { Origin: h.origin },
    body: JSON.stringify({ input: { proxyIds, kind: 'json' } }),
  });
  expect(exported.headers.get('X-Harness-Download')).toBe('/__harness/downloads/0');
}

/** A raw request, so that the Host header can be set as a rebound DNS name would set it. */
function raw(h: Harness, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, h.origin), { headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the preview’s key', () => {
  it.each(ROUTES)(
    'is required on $method $path: without it 403, whatever Origin says, and nothing changes',
    async (route) => {
      const h = await start();
      await offerADownload(h);
      const password = api().store.account('demo')?.plans[0]?.proxies[0]?.password ?? '?';
      const before = observable(h);
      for (const headers of [{ Origin: own(h) }, { Origin: FOREIGN }, {}] as Record<
        string,
        string
      >[]) {
        const answer = await send(h, route, headers);
        expect(answer.status).toBe(403);
        expect(answer.text).toMatch(/^Forbidden: .*Open the address it printed, with its key\.$/);
        expect(answer.text).not.toContain('a copied password');
        expect(answer.text).not.toContain(password);
      }
      expect(observable(h)).toBe(before);
    },
  );

  it.each(ROUTES)('lets its own user through on $method $path', async (route) => {
    const h = await start();
    await offerADownload(h);
    const answer = await send(h, route, { Origin: own(h), Cookie: h.cookie });
    expect(answer.status).toBe(route.status);
  });

  it('refuses a wrong cookie, a cookie of another preview’s name and a key sent as a cookie', async () => {
    const h = await start();
    const secret = new URL(h.url).searchParams.get('key') ?? '';
    const otherPort = Number(new URL(h.origin).port) + 1;
    const [name] = h.cookie.split('=');
    for (const cookie of [
      `${name}=${'A'.repeat(secret.length)}`,
      `${name}=${secret.slice(0, -1)}`,
      `${name}=`,
      `proxy-tray-preview-${otherPort}=${secret}`,
      `key=${secret}`,
    ]) {
      const answer = await send(h, STATE, { Cookie: cookie });
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain('a copied password');
    }
  });

  it('is traded, from the printed address, for an HttpOnly SameSite=Strict cookie, and leaves the address', async () => {
    const h = await start();
    expect(h.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?key=[A-Za-z0-9_-]{43}$/);
    const opened = await fetch(h.url, { redirect: 'manual' });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('Location')).toBe(`${h.origin}/`);
    const setCookie = opened.headers.get('Set-Cookie') ?? '';
    expect(setCookie).toBe(`${h.cookie}; HttpOnly; SameSite=Strict; Path=/`);
    // The cookie the browser now holds opens every route.
    const cookie = setCookie.split(';')[0] ?? '';
    const state = await fetch(new URL('/__harness/state', h.origin), {
      headers: { Cookie: cookie },
    });
    expect(await state.json()).toMatchObject({ clipboard: 'a copied password' });
  });

  it('keeps the rest of the address when it trades the key', async () => {
    const h = await start();
    const key = new URL(h.url).searchParams.get('key') ?? '';
    const opened = await fetch(`${h.origin}/index.html?panel=settings&key=${key}`, {
      redirect: 'manual',
    });
    expect(opened.status).toBe(303);
    expect(opened.headers.get('Location')).toBe(`${h.origin}/index.html?panel=settings`);
    // A path that reads as another host when written relative stays on the preview.
    const odd = await fetch(`${h.origin}/.//attacker.example/?key=${key}`, { redirect: 'manual' });
    expect(new URL(odd.headers.get('Location') ?? '').origin).toBe(h.origin);
  });

  it.each([
    ['a wrong key', (key: string) => `/?key=${'B'.repeat(key.length)}`],
    ['a shortened key', (key: string) => `/?key=${key.slice(1)}`],
    ['an empty key', () => '/?key='],
    ['a key in another parameter', (key: string) => `/?k=${key}`],
  ])('answers %s 403, and sets no cookie', async (_case, address) => {
    const h = await start();
    const key = new URL(h.url).searchParams.get('key') ?? '';
    const opened = await fetch(new URL(address(key), h.origin), { redirect: 'manual' });
    expect(opened.status).toBe(403);
    expect(opened.headers.get('Set-Cookie')).toBeNull();
  });

  it('is traded by a navigation only: a POST carrying it is refused', async () => {
    const h = await start();
    const key = new URL(h.url).searchParams.get('key') ?? '';
    const response = await fetch(`${h.origin}/__harness/show?key=${key}`, {
      method: 'POST',
      headers: { Origin: h.origin },
      body: '{}',
      redirect: 'manual',
    });
    expect(response.status).toBe(403);
    expect(h.connectedPages()).toBe(0);
  });
});

describe('the harness’s boundary behind the key', () => {
  it.each(ROUTES)(
    'refuses $method $path from another origin even with the cookie, and changes nothing',
    async (route) => {
      const h = await start();
      const before = observable(h);
      const answer = await send(h, route, { Origin: FOREIGN, Cookie: h.cookie });
      expect(answer.status).toBe(403);
      expect(answer.text).not.toContain('a copied password');
      expect(observable(h)).toBe(before);
    },
  );

  it('gives the clipboard to its own page and to a program that sends no Origin', async () => {
    const h = await start();
    for (const headers of [{ Origin: own(h) }, {}] as Record<string, string>[]) {
      const state = await h.request('/__harness/state', { headers });
      expect(await state.json()).toMatchObject({ clipboard: 'a copied password' });
    }
  });

  it('refuses a page on another name pointed at 127.0.0.1 (DNS rebinding): its Host is not ours', async () => {
    const h = await start();
    const port = new URL(h.origin).port;
    const rebound = await raw(h, '/__harness/state', {
      Host: `attacker.example:${port}`,
      Cookie: h.cookie,
    });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('a copied password');
  });

  it('still requires the own Origin on the popup’s requests, which a browser always sends', async () => {
    const h = await start();
    const response = await h.request('/__ipc/session:status', { method: 'POST', body: '{}' });
    expect(response.status).toBe(403);
  });

  it.each([
    ['/__ipc/session:status', '{"input":'],
    ['/__ipc/session:status', 'null'],
    ['/__ipc/session:status', '[1,2]'],
    ['/__harness/show', 'not json'],
    ['/__harness/show', '{"panel":"nowhere"}'],
    ['/__harness/show', '{"panel":42}'],
    ['/__harness/notification-click', '{"key":{"a":1}}'],
    ['/__harness/update-ready', '"1.2.3"'],
    ['/__harness/update-ready', '{"version":7}'],
  ])(
    'answers a bad body on %s (%s) 400 with a short message, nothing logged',
    async (path, body) => {
      const h = await start();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const response = await h.request(path, {
        method: 'POST',
        headers: { Origin: own(h) },
        body,
      });
      expect(response.status).toBe(400);
      const message = await response.text();
      expect(message.length).toBeLessThan(80);
      expect(message).not.toMatch(/\bat \S+:\d+/);
      expect(logged).not.toHaveBeenCalled();
      expect(h.shell).toMatchObject({ hidden: 0, quitRequested: 0 });
      expect(h.updater.checks).toBe(0);
    },
  );

  it('answers a body over a megabyte 400', async () => {
    const h = await start();
    const response = await h.request('/__harness/show', {
      method: 'POST',
      body: JSON.stringify({ panel: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(400);
  });
});
