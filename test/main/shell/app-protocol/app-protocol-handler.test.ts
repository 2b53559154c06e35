import type { Protocol } from 'electron';
import { describe, expect, it } from 'vitest';
import {
  appRequestHandler,
  installAppProtocol,
} from '../../../../src/main/shell/app-protocol/app-protocol-handler';
import { APP_PAGE_URL } from '../../../../src/main/shell/app-protocol/app-scheme';
import {
  BUILT_RENDERER_DIR,
  DOT_SEGMENT_REQUESTS,
  REFUSED_REQUESTS,
  builtPageRequests,
  builtRendererFile,
} from './built-renderer';

type Handler = Parameters<Protocol['handle']>[1];

/** Stands in for Electron's `protocol`: records what is handled, as `protocol.handle` would. */
function recordingProtocol() {
  const handlers = new Map<string, Handler>();
  const protocol: Pick<Protocol, 'handle'> = {
    handle(scheme, handler) {
      if (handlers.has(scheme)) throw new Error(`${scheme} is already handled`);
      handlers.set(scheme, handler);
    },
  };
  return { protocol, handlers };
}

function canBeRequested(url: string): boolean {
  try {
    return new Request(url).url !== '';
  } catch {
    return false;
  }
}

function installed(): (request: Request) => Promise<Response> {
  const { protocol, handlers } = recordingProtocol();
  installAppProtocol(protocol, { rendererDir: BUILT_RENDERER_DIR });
  expect([...handlers.keys()]).toEqual(['app']);
  const handler = handlers.get('app');
  if (!handler) throw new Error('no handler for app:');
  return async (request) => handler(request);
}

describe('the app:// protocol, installed on a recording protocol, serving the real build', () => {
  const handle = installed();

  it('answers the popup page with its bytes as HTML', async () => {
    const response = await handle(new Request(APP_PAGE_URL));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await response.arrayBuffer())).toEqual(builtRendererFile('index.html'));
  });

  it.each(builtPageRequests())('serves %s, which the page loads', async (url) => {
    const response = await handle(new Request(url));
    expect(response.status).toBe(200);
    const file = new URL(url).pathname.slice(1);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(builtRendererFile(file));
    const type = response.headers.get('content-type');
    if (file.endsWith('.js')) expect(type).toBe('text/javascript; charset=utf-8');
    if (file.endsWith('.css')) expect(type).toBe('text/css; charset=utf-8');
    expect(type).not.toBe('application/octet-stream');
  });

  it.each(
    [...REFUSED_REQUESTS, ...DOT_SEGMENT_REQUESTS, 'app://popup/assets', 'app://popup/missing.js']
      // A Request cannot carry some of them (no URL, credentials): resolveAppRequest's tests do.
      .filter(canBeRequested),
  )('answers %s with a bare 404', async (url) => {
    const response = await handle(new Request(url));
    expect(response.status).toBe(404);
    expect(await response.text()).toBe('');
    expect(response.headers.get('content-type')).toBeNull();
  });

  it('answers HEAD with the headers only', async () => {
    const response = await handle(new Request(APP_PAGE_URL, { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(await response.text()).toBe('');
  });

  it.each(['POST', 'PUT', 'DELETE'])('refuses %s: the files are read-only', async (method) => {
    const response = await handle(new Request(APP_PAGE_URL, { method, body: 'x' }));
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET, HEAD');
  });
});

describe('appRequestHandler', () => {
  it('asks its reader only for files the URL may name, and 404s what the reader refuses', async () => {
    const asked: string[] = [];
    const handle = appRequestHandler({
      rendererDir: '/app/renderer',
      readFile: async (rootDir, file) => {
        asked.push(`${rootDir} ${file}`);
        return undefined;
      },
    });
    expect((await handle(new Request('app://popup/assets%2f..%2f..%2fkey'))).status).toBe(404);
    expect(asked).toEqual([]);
    expect((await handle(new Request('app://popup/index.html'))).status).toBe(404);
    expect(asked).toEqual(['/app/renderer /app/renderer/index.html']);
  });
});
