import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MemoryVault } from '../../src/main/session/memory-vault';
import { useApiServer } from '../api-server/use-api-server';
import { startHarness, type Harness } from './harness-server';

const api = useApiServer();
const rendererDir = fileURLToPath(new URL('../../src/renderer', import.meta.url));
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

const own = (h: Harness) => h.url.slice(0, -1);
const FOREIGN = 'http://127.0.0.1:1';

/** Every route that reads or changes state, as a browser page would request it. */
const ROUTES: { method: 'GET' | 'POST'; path: string; body?: string }[] = [
  { method: 'GET', path: '/__harness/state' },
  { method: 'GET', path: '/__events' },
  { method: 'POST', path: '/__ipc/session:status', body: '{}' },
  { method: 'POST', path: '/__harness/show', body: '{}' },
  { method: 'POST', path: '/__harness/notification-click', body: '{"key":"x"}' },
  { method: 'POST', path: '/__harness/update-ready', body: '{"version":"9.9.9"}' },
  { method: 'POST', path: '/__harness/update-server-down' },
  { method: 'GET', path: '/__harness/downloads/0' },
];

/** A raw request, so that the Host header can be set as a rebound DNS name would set it. */
function raw(h: Harness, path: string, headers: Record<string, string>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const outgoing = httpRequest(new URL(path, h.url), { headers }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

describe('the harness’s boundary', () => {
  it.each(ROUTES)(
    'refuses $method $path from another origin, and changes nothing',
    async ({ method, path, body }) => {
      const h = await start();
      const before = JSON.stringify({ shell: h.shell, checks: h.updater.checks });
      const response = await fetch(new URL(path, h.url), {
        method,
        headers: { Origin: FOREIGN },
        ...(body === undefined ? {} : { body }),
      });
      expect(response.status).toBe(403);
      expect(await response.text()).not.toContain('a copied password');
      expect(JSON.stringify({ shell: h.shell, checks: h.updater.checks })).toBe(before);
      expect(h.connectedPages()).toBe(0);
    },
  );

  it('gives the clipboard to its own page and to a program that sends no Origin', async () => {
    const h = await start();
    for (const headers of [{ Origin: own(h) }, {}] as Record<string, string>[]) {
      const state = await fetch(`${h.url}__harness/state`, { headers });
      expect(await state.json()).toMatchObject({ clipboard: 'a copied password' });
    }
  });

  it('refuses a page on another name pointed at 127.0.0.1 (DNS rebinding): its Host is not ours', async () => {
    const h = await start();
    const port = new URL(h.url).port;
    const rebound = await raw(h, '/__harness/state', { Host: `attacker.example:${port}` });
    expect(rebound.status).toBe(403);
    expect(rebound.body).not.toContain('a copied password');
  });

  it('still requires the own Origin on the popup’s requests, which a browser always sends', async () => {
    const h = await start();
    const response = await fetch(`${h.url}__ipc/session:status`, { method: 'POST', body: '{}' });
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
      const response = await fetch(new URL(path, h.url), {
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
    const response = await fetch(`${h.url}__harness/show`, {
      method: 'POST',
      body: JSON.stringify({ panel: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(response.status).toBe(400);
  });
});
