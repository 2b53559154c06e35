import { describe, expect, it } from 'vitest';
import type { Plan } from '../../../tools/reference-service/records';
import { useApiServer } from './use-api-server';
import { blockedProxyOf, callApi, changeableProxyOf, findProxy } from './test-helpers';

// These tests pin the spec's answers, whatever PROXY_TRAY_API_DIALECT says.
const server = useApiServer({ dialect: 'spec' });
const token = () => server().tokenFor('demo');

const put = (path: string, body: unknown) =>
  callApi(server(), 'PUT', path, { token: token(), body });

describe('PUT /proxies/update_rotation', () => {
  it.each([true, false])(
    'sets is_rotating to %s and answers with the value in effect',
    async (value) => {
      const proxy = changeableProxyOf(server());
      const { status, json } = await put('proxies/update_rotation', {
        id: proxy.id,
        is_rotating: value,
      });
      expect(status).toBe(200);
      expect(json).toEqual({ is_rotating: value });
      expect(server().store.proxyState(proxy.id)?.is_rotating).toBe(value);
      const listing = await callApi(server(), 'GET', 'users/plans', { token: token() });
      const listed = (listing.json as Plan[])
        .flatMap((plan) => plan.proxies)
        .find((p) => p.id === proxy.id);
      expect(listed?.is_rotating).toBe(value);
    },
  );
});

describe('PUT /proxies/update_rotate_interval', () => {
  it('sets the interval and answers {"success": true}', async () => {
    const proxy = changeableProxyOf(server());
    const { status, json } = await put('proxies/update_rotate_interval', {
      id: proxy.id,
      rotate_interval: 777,
    });
    expect(status).toBe(200);
    expect(json).toEqual({ success: true });
    expect(server().store.proxyState(proxy.id)?.rotate_interval).toBe(777);
  });

  it.each([1, 31_536_000])('accepts the bound %i', async (rotateInterval) => {
    const proxy = changeableProxyOf(server());
    const { status } = await put('proxies/update_rotate_interval', {
      id: proxy.id,
      rotate_interval: rotateInterval,
    });
    expect(status).toBe(200);
    expect(server().store.proxyState(proxy.id)?.rotate_interval).toBe(rotateInterval);
  });
});

describe('PUT /proxies/update_label', () => {
  it('stores the label and answers with the bare JSON boolean true', async () => {
    const proxy = changeableProxyOf(server());
    const { status, text, headers } = await put('proxies/update_label', {
      id: proxy.id,
      label: 'Office <b>VPN</b> — Zürich 🚀',
    });
    expect(status).toBe(200);
    expect(text).toBe('true');
    expect(headers.get('content-type')).toMatch(/^application\/json/);
    expect(server().store.proxyState(proxy.id)?.label).toBe('Office <b>VPN</b> — Zürich 🚀');
  });

  it('accepts an empty label and 1000 characters counted as code points', async () => {
    const proxy = changeableProxyOf(server());
    expect((await put('proxies/update_label', { id: proxy.id, label: '' })).status).toBe(200);
    expect(server().store.labelOf(proxy.id)).toBe('');
    const emoji = '🚀'.repeat(1000);
    expect((await put('proxies/update_label', { id: proxy.id, label: emoji })).status).toBe(200);
    expect(server().store.labelOf(proxy.id)).toBe(emoji);
  });

  it('records exactly what the client sent', async () => {
    const proxy = changeableProxyOf(server());
    await put('proxies/update_label', { id: proxy.id, label: 'home' });
    const [entry] = server().requestLog.matching({ method: 'PUT', path: '/proxies/update_label' });
    expect(server().requestLog.count()).toBe(1);
    expect(entry?.body).toEqual({ id: proxy.id, label: 'home' });
    expect(entry?.headers.authorization).toBe(`Bearer ${token()}`);
    expect(entry?.headers['content-type']).toBe('application/json');
  });

  it('ignores unknown extra fields', async () => {
    const proxy = changeableProxyOf(server());
    const { status } = await put('proxies/update_label', { id: proxy.id, label: 'x', extra: 1 });
    expect(status).toBe(200);
    expect(server().store.labelOf(proxy.id)).toBe('x');
  });
});

const updates = [
  ['proxies/update_rotation', { is_rotating: true }],
  ['proxies/update_rotate_interval', { rotate_interval: 120 }],
  ['proxies/update_label', { label: 'mine now' }],
] as const;

describe('ownership', () => {
  it.each(updates)(
    '%s on another user’s proxy is 404, like an unknown id',
    async (path, fields) => {
      const foreign = changeableProxyOf(server(), 'other');
      const before = server().store.proxyState(foreign.id);
      const theirs = await put(path, { id: foreign.id, ...fields });
      const unknown = await put(path, { id: 987_654_321, ...fields });
      expect(theirs.status).toBe(404);
      expect(theirs.json).toEqual({ detail: 'Proxy not found' });
      expect(unknown.status).toBe(404);
      expect(unknown.text).toBe(theirs.text);
      expect(server().store.proxyState(foreign.id)).toEqual(before);
    },
  );

  it('a plan id is not a proxy id', async () => {
    const planId = server().store.account('demo')?.plans[0]?.id;
    const { status } = await put('proxies/update_label', { id: planId, label: 'x' });
    expect(status).toBe(404);
  });
});

describe('blocked plans', () => {
  it.each(updates)(
    '%s on a proxy of a blocked plan is 403 and changes nothing',
    async (path, fields) => {
      const proxy = blockedProxyOf(server());
      const before = server().store.proxyState(proxy.id);
      const { status, json } = await put(path, { id: proxy.id, ...fields });
      expect(status).toBe(403);
      expect(json).toEqual({ detail: 'Plan is blocked' });
      expect(server().store.proxyState(proxy.id)).toEqual(before);
    },
  );

  it('an expired (but not blocked) plan can still be changed', async () => {
    const now = Date.now();
    const proxy = findProxy(server(), 'demo', (plan) => Date.parse(plan.expire_date) < now);
    const { status } = await put('proxies/update_rotation', { id: proxy.id, is_rotating: true });
    expect(status).toBe(200);
  });
});

describe('validation (422, FastAPI shape)', () => {
  const MISSING = '<missing>';
  const validBody = (endpoint: string): Record<string, unknown> => {
    const id = changeableProxyOf(server()).id;
    if (endpoint === 'update_rotation') return { id, is_rotating: true };
    if (endpoint === 'update_rotate_interval') return { id, rotate_interval: 300 };
    return { id, label: 'ok' };
  };
  const notInteger = 'Input should be a valid integer';
  const fractional = 'Input should be a valid integer, got a number with a fractional part';
  const atLeastOne = 'Input should be greater than or equal to 1';

  it.each([
    ['update_rotation', 'id', MISSING, 'missing', 'Field required'],
    ['update_rotation', 'is_rotating', MISSING, 'missing', 'Field required'],
    ['update_rotation', 'id', '5', 'int_type', notInteger],
    ['update_rotation', 'id', 1.5, 'int_from_float', fractional],
    ['update_rotation', 'id', 0, 'greater_than_equal', atLeastOne],
    ['update_rotation', 'id', -3, 'greater_than_equal', atLeastOne],
    ['update_rotation', 'id', null, 'int_type', notInteger],
    ['update_rotation', 'is_rotating', 'true', 'bool_type', 'Input should be a valid boolean'],
    ['update_rotation', 'is_rotating', 1, 'bool_type', 'Input should be a valid boolean'],
    ['update_rotate_interval', 'id', MISSING, 'missing', 'Field required'],
    ['update_rotate_interval', 'rotate_interval', MISSING, 'missing', 'Field required'],
    ['update_rotate_interval', 'rotate_interval', 0, 'greater_than_equal', atLeastOne],
    [
      'update_rotate_interval',
      'rotate_interval',
      31_536_001,
      'less_than_equal',
      'Input should be less than or equal to 31536000',
    ],
    ['update_rotate_interval', 'rotate_interval', 2.5, 'int_from_float', fractional],
    ['update_rotate_interval', 'rotate_interval', '300', 'int_type', notInteger],
    ['update_label', 'id', MISSING, 'missing', 'Field required'],
    ['update_label', 'label', MISSING, 'missing', 'Field required'],
    ['update_label', 'label', 42, 'string_type', 'Input should be a valid string'],
    ['update_label', 'label', null, 'string_type', 'Input should be a valid string'],
    [
      'update_label',
      'label',
      'x'.repeat(1001),
      'string_too_long',
      'String should have at most 1000 characters',
    ],
  ])('%s with %s = %j is refused as %s', async (endpoint, field, value, type, msg) => {
    const valid = Object.entries(validBody(endpoint)).filter(([name]) => name !== field);
    const body = Object.fromEntries(value === MISSING ? valid : [...valid, [field, value]]);
    const before = server().store.proxyState(changeableProxyOf(server()).id);
    const { status, json } = await put(`proxies/${endpoint}`, body);
    expect(status).toBe(422);
    expect(json).toEqual({
      detail: [expect.objectContaining({ loc: ['body', field], type, msg })],
    });
    expect(server().store.proxyState(changeableProxyOf(server()).id)).toEqual(before);
  });

  it('reports every invalid field at once', async () => {
    const { status, json } = await put('proxies/update_rotate_interval', {
      id: 'a',
      rotate_interval: -1,
    });
    expect(status).toBe(422);
    const detail = (json as { detail: { loc: string[] }[] }).detail;
    expect(detail.map((issue) => issue.loc)).toEqual([
      ['body', 'id'],
      ['body', 'rotate_interval'],
    ]);
  });

  it.each([[[1, 2]], ['text'], [7]])(
    'refuses a JSON body that is not an object (%j)',
    async (body) => {
      const { status, json } = await put('proxies/update_label', body);
      expect(status).toBe(422);
      expect(json).toEqual({
        detail: [expect.objectContaining({ loc: ['body'], type: 'model_attributes_type' })],
      });
    },
  );

  it('refuses an empty body as a missing body', async () => {
    const { status, json } = await callApi(server(), 'PUT', 'proxies/update_label', {
      token: token(),
      headers: { 'content-type': 'application/json' },
      rawBody: '',
    });
    expect(status).toBe(422);
    expect(json).toEqual({ detail: [expect.objectContaining({ loc: ['body'], type: 'missing' })] });
  });
});

describe('bodies that are not JSON', () => {
  it('refuses malformed JSON with 400 and says why', async () => {
    const { status, json } = await callApi(server(), 'PUT', 'proxies/update_label', {
      token: token(),
      headers: { 'content-type': 'application/json' },
      rawBody: '{"id": 1, "label": ',
    });
    expect(status).toBe(400);
    expect((json as { detail: string }).detail).toMatch(/^Request body is not valid JSON/);
  });

  it.each([
    ['text/plain', { 'content-type': 'text/plain' }],
    ['form data', { 'content-type': 'application/x-www-form-urlencoded' }],
  ])('refuses %s with 415 and names the content type', async (_case, headers) => {
    const { status, json } = await callApi(server(), 'PUT', 'proxies/update_label', {
      token: token(),
      headers,
      rawBody: 'id=1&label=x',
    });
    expect(status).toBe(415);
    expect((json as { detail: string }).detail).toContain(headers['content-type']);
    expect((json as { detail: string }).detail).toContain('application/json');
  });

  it('accepts POST /users/me with an empty JSON body, as a body-less request', async () => {
    const { status } = await callApi(server(), 'POST', 'users/me', {
      token: token(),
      headers: { 'content-type': 'application/json' },
      rawBody: '',
    });
    expect(status).toBe(200);
  });
});
