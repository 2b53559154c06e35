// Shared by the reference service's tests (and a few app tests): plain `fetch` calls and lookups of
// proxies in a known state.

import { CONTROL_KEY_HEADER } from '../../../tools/reference-service/control-routes';
import type { Plan, Proxy } from '../../../tools/reference-service/records';
import type { ApiServer } from '../../../tools/reference-service/server';

export interface HttpResult {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
}

export interface RequestOptions {
  token?: string;
  /** Sent as JSON with Content-Type: application/json. */
  body?: unknown;
  /** Sent as is; set the Content-Type yourself in `headers`. */
  rawBody?: string;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** `path` is relative to the API base URL, with or without a leading slash. */
export async function callApi(
  server: Pick<ApiServer, 'baseUrl'>,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpResult> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    headers['content-type'] ??= 'application/json';
    body = JSON.stringify(options.body);
  }
  const response = await fetch(new URL(path.replace(/^\//, ''), server.baseUrl), {
    method,
    headers,
    body,
    signal: options.signal,
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: parseOrUndefined(text) };
}

/**
 * Calls the control API, which sits at the origin (not under the API's prefix), with the server's
 * key. `path` is relative to `/__control/`.
 */
export function callControl(
  server: Pick<ApiServer, 'url' | 'controlKey'>,
  method: string,
  path: string,
  options: RequestOptions = {},
): Promise<HttpResult> {
  const headers = { ...options.headers, [CONTROL_KEY_HEADER]: server.controlKey ?? '' };
  return callApi({ baseUrl: `${server.url}/__control/` }, method, path, { ...options, headers });
}

function parseOrUndefined(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export function findProxy(
  server: ApiServer,
  username: string,
  planMatches: (plan: Plan) => boolean,
): Proxy {
  const plan = server.store.account(username)?.plans.find(planMatches);
  const proxy = plan?.proxies[0];
  if (!proxy) throw new Error(`No proxy of ${username} in a plan like that`);
  return proxy;
}

export const changeableProxyOf = (server: ApiServer, username = 'demo'): Proxy =>
  findProxy(server, username, (plan) => !plan.is_blocked);

export const blockedProxyOf = (server: ApiServer, username = 'demo'): Proxy =>
  findProxy(server, username, (plan) => plan.is_blocked);
