import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizePrefix } from '../../../tools/reference-service/request-paths';
import type { ApiServer } from '../../../tools/reference-service/server';
import { createApiServer } from '../../../tools/reference-service/server';
import { callApi, callControl } from './test-helpers';

let server: ApiServer;
beforeAll(async () => {
  server = await createApiServer({ prefix: '/api', control: true });
});
afterAll(() => server.close());

describe('the prefix option', () => {
  it('serves the API under the prefix, with a base URL ending in a slash', async () => {
    expect(server.baseUrl).toBe(`${server.url}/api/`);
    const { status, json } = await callApi(server, 'GET', 'users/me', {
      token: server.tokenFor('demo'),
    });
    expect(status).toBe(200);
    expect(json).toMatchObject({ username: 'demo' });
  });

  it('does not serve the API outside the prefix, nor count such requests as the route', async () => {
    server.requestLog.clear();
    const { status } = await callApi({ baseUrl: `${server.url}/` }, 'GET', 'users/me', {
      token: server.tokenFor('demo'),
    });
    expect(status).toBe(404);
    expect(server.requestLog.count()).toBe(1);
    expect(server.requestLog.count({ path: '/users/me' })).toBe(0);
  });

  it('logs and faults by route path, without the prefix', async () => {
    server.requestLog.clear();
    server.faults.add({ method: 'GET', path: '/users/plans', status: 500 });
    const { status } = await callApi(server, 'GET', 'users/plans?fresh=1', {
      token: server.tokenFor('demo'),
    });
    expect(status).toBe(500);
    expect(server.requestLog.last()).toMatchObject({
      path: '/users/plans',
      url: '/api/users/plans?fresh=1',
      outsidePrefix: false,
    });
  });

  it('keeps the control API at the root', async () => {
    const { status } = await callControl(server, 'GET', 'faults');
    expect(status).toBe(200);
  });

  it.each([
    [undefined, ''],
    ['', ''],
    ['/', ''],
    ['api', '/api'],
    ['/api/', '/api'],
    ['/v1/proxy/', '/v1/proxy'],
  ])('normalizes %j to %j', (prefix, expected) => {
    expect(normalizePrefix(prefix)).toBe(expected);
  });
});
