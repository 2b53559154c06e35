import { describe, expect, it } from 'vitest';
import { ProxyServiceError } from '../../../src/main/api/proxy-service-client';
import { rejectionOf, useReferenceService } from './reference-service-fixture';

const fixture = useReferenceService();

async function serviceErrorOf(promise: Promise<unknown>): Promise<ProxyServiceError> {
  const error = await rejectionOf(promise);
  expect(error).toBeInstanceOf(ProxyServiceError);
  return error as ProxyServiceError;
}

describe('errors from the service itself', () => {
  it('an expired token is auth (401), with the service’s reason', async () => {
    const token = await fixture.service().issueToken('other', { expiresInSeconds: -60 });
    const client = fixture.client('other', { token });
    const error = await serviceErrorOf(client.getAccount());
    expect(error).toMatchObject({ kind: 'auth', status: 401 });
    expect(error.message).toMatch(
      /^Loading your account failed: the service rejected the access token/,
    );
    expect(error.message).toMatch(/The service said: ".*expired.*"/i);
  });

  it('a revoked token is auth (401)', async () => {
    const server = fixture.service();
    const token = await server.issueToken('other');
    const client = fixture.client('other', { token });
    await expect(client.verifyToken()).resolves.toMatchObject({ username: 'other' });
    const account = server.store.account('other');
    if (!account) throw new Error('no account');
    server.tokens.revokeAllFor(account.user.uuid);
    expect(await serviceErrorOf(client.listPlans())).toMatchObject({ kind: 'auth', status: 401 });
    await server.issueToken('other');
  });

  it('another user’s proxy is not_found (the service answers 404, revealing nothing)', async () => {
    const othersProxy = fixture.changeableProxyId('other');
    const error = await serviceErrorOf(fixture.client('demo').setLabel(othersProxy, 'mine now'));
    expect(error).toMatchObject({ kind: 'not_found', status: 404 });
    expect(error.message).toContain('Proxy not found');
    expect(fixture.service().store.proxyState(othersProxy)?.label).toBeUndefined();
  });

  it('an unknown proxy id is not_found', async () => {
    const error = await serviceErrorOf(fixture.client().setRotation(987_654_321, true));
    expect(error).toMatchObject({ kind: 'not_found', status: 404 });
    expect(error.message).toMatch(/^Turning rotation on failed/);
  });

  it('a proxy of a blocked plan is forbidden (403) and stays unchanged', async () => {
    const id = fixture.blockedProxyId();
    const before = fixture.service().store.proxyState(id);
    const error = await serviceErrorOf(fixture.client().setRotateInterval(id, 120));
    expect(error).toMatchObject({ kind: 'forbidden', status: 403 });
    expect(error.message).toContain('Plan is blocked');
    expect(fixture.service().store.proxyState(id)).toEqual(before);
  });
});

describe('every status a server may send', () => {
  it.each([
    [400, 'invalid_input'],
    [401, 'auth'],
    [403, 'forbidden'],
    [404, 'not_found'],
    [405, 'invalid_input'],
    [408, 'timeout'],
    [409, 'invalid_input'],
    [410, 'not_found'],
    [413, 'invalid_input'],
    [422, 'invalid_input'],
    [500, 'server'],
    [501, 'server'],
    [505, 'server'],
  ] as const)('HTTP %i is %s, not retried', async (status, kind) => {
    fixture
      .service()
      .faults.add({ path: '/users/plans', status, body: { detail: `reason ${status}` } });
    const error = await serviceErrorOf(fixture.client().listPlans());
    expect(error).toMatchObject({ kind, status });
    expect(error.message).toContain(`(HTTP ${status})`);
    expect(error.message).toContain(`The service said: "reason ${status}"`);
    expect(fixture.service().requestLog.count({ path: '/users/plans' })).toBe(1);
  });

  it.each([
    [
      'a FastAPI list of field errors',
      { detail: [{ loc: ['body', 'label'], msg: 'too long', type: 'x' }] },
      'label: too long',
    ],
    ['{message}', { message: 'Label rejected' }, 'Label rejected'],
    ['{error}', { error: 'label_invalid' }, 'label_invalid'],
    ['a bare string', 'Labels are read-only today', 'Labels are read-only today'],
    [
      'an HTML page',
      '<html><head><title>422 Unprocessable</title></head></html>',
      '422 Unprocessable',
    ],
  ])('carries the explanation of %s', async (_shape, body, expected) => {
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_label', status: 422, body });
    const error = await serviceErrorOf(fixture.client().setLabel(id, 'x'));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toBe(
      `Setting the label failed: the service refused the request as invalid (HTTP 422). The service said: "${expected}".`,
    );
  });

  it('an error without a body still reads as a sentence', async () => {
    fixture.service().faults.add({ path: '/users/me', status: 403 });
    const error = await serviceErrorOf(fixture.client().getAccount());
    expect(error.message).toBe(
      'Loading your account failed: the service does not allow this (HTTP 403).',
    );
  });

  it('a redirect is not followed', async () => {
    fixture.service().faults.add({
      path: '/users/me',
      status: 301,
      headers: { location: 'http://evil.example/' },
    });
    const error = await serviceErrorOf(fixture.client().getAccount());
    expect(error).toMatchObject({ kind: 'bad_response', status: 301 });
    expect(error.message).toContain('check the service URL');
    expect(fixture.service().requestLog.count()).toBe(1);
  });
});

describe('answers the client reads tolerantly', () => {
  it.each([
    ['204 No Content', 204, undefined],
    ['an empty 200', 200, ''],
    ['{}', 200, {}],
    ['true', 200, true],
    ['"true"', 200, '"true"'],
    ['{"success":true}', 200, { success: true }],
    ['plain text', 200, 'OK'],
  ])(
    'an update answered with %s was applied with the value asked for',
    async (_case, status, body) => {
      const id = fixture.changeableProxyId();
      const reply = () =>
        fixture
          .service()
          .faults.add({ method: 'PUT', status, ...(body === undefined ? {} : { body }) });
      reply();
      await expect(fixture.client().setRotation(id, false)).resolves.toBe(false);
      reply();
      await expect(fixture.client().setRotateInterval(id, 600)).resolves.toBe(600);
      reply();
      await expect(fixture.client().setLabel(id, 'Shop')).resolves.toBeUndefined();
      expect(fixture.service().faults.pending).toHaveLength(0);
    },
  );

  it('takes a value the answer reports, in any spelling, as the one in effect', async () => {
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ method: 'PUT', status: 200, body: { is_rotating: 0 } });
    await expect(fixture.client().setRotation(id, true)).resolves.toBe(false);
    fixture.service().faults.add({
      method: 'PUT',
      status: 200,
      body: { success: 'true', rotate_interval: '900' },
    });
    await expect(fixture.client().setRotateInterval(id, 600)).resolves.toBe(900);
  });

  it('a listing with one broken proxy keeps every other proxy and names the broken one', async () => {
    const plans = structuredClone(fixture.service().store.account('demo')?.plans ?? []);
    const proxy = plans[2]?.proxies[1];
    if (!proxy) throw new Error('seed too small');
    Object.assign(proxy, { port: null });
    fixture.service().faults.add({ path: '/users/plans', status: 200, body: plans });
    const listing = await fixture.client().listPlans();
    expect(listing.plans[2]?.proxies.map((p) => p.id)).toEqual(
      plans[2]?.proxies.filter((p) => p !== proxy).map((p) => p.id),
    );
    expect(listing.plans.flatMap((plan) => plan.proxies)).toHaveLength(
      plans.flatMap((plan) => plan.proxies).length - 1,
    );
    expect(listing.problems).toEqual([
      expect.objectContaining({
        path: '[2].proxies[1].port',
        effect: 'hidden',
        planId: plans[2]?.id,
      }),
    ]);
  });
});

describe('answers the client refuses', () => {
  it.each([
    ['malformed JSON', '[{"id": 1', /the answer is not JSON/],
    ['an empty body', '', /the answer was empty/],
    ['a bare string', '"plans"', /neither a list of plans nor an object holding one/],
    ['an object without a list', { detail: 'ok' }, /an object without a list of plans/],
    ['two lists', { data: [], items: [] }, /several lists \(data, items\)/],
  ])('a listing that is %s is bad_response saying why', async (_case, body, detail) => {
    fixture.service().faults.add({ path: '/users/plans', status: 200, body });
    const error = await serviceErrorOf(fixture.client().listPlans());
    expect(error.kind).toBe('bad_response');
    expect(error.message).toMatch(/^Loading your plans failed: the service sent an answer/);
    expect(error.message).toMatch(detail);
  });

  it('an account answer without a username is unreadable, never a token problem', async () => {
    fixture
      .service()
      .faults.add({ path: '/users/me', status: 200, body: { uuid: 'x', username: '' } });
    const error = await serviceErrorOf(fixture.client().verifyToken());
    expect(error.kind).toBe('bad_response');
    expect(error.message).toBe(
      'The service accepted the token, but its account answer could not be read (username: Expected a user name). Try again later, or ask the provider.',
    );
  });

  it.each([
    ['{success: false}', { success: false }, ''],
    [
      '{ok: false, detail}',
      { ok: false, detail: 'Interval not allowed' },
      ' The service said: "Interval not allowed".',
    ],
    ['false', false, ''],
  ])('an update answered %s is a server refusal', async (_case, body, said) => {
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_rotate_interval', status: 200, body });
    const error = await serviceErrorOf(fixture.client().setRotateInterval(id, 60));
    expect(error.kind).toBe('server');
    expect(error.message).toBe(
      `Setting the rotation interval failed: the service answered that it did not apply it.${said}`,
    );
  });
});

describe('input checked before anything is sent', () => {
  it.each([
    ['a zero id', (c: Client) => c.setRotation(0, true), /positive/],
    ['a fractional id', (c: Client) => c.setLabel(1.5, 'x'), /whole number/],
    ['NaN as id', (c: Client) => c.setRotateInterval(Number.NaN, 60), /whole number/],
    ['an unsafe id', (c: Client) => c.setLabel(2 ** 60, 'x'), /whole number/],
    ['a zero interval', (c: Client) => c.setRotateInterval(1, 0), /at least 1 second/],
    [
      'a fractional interval',
      (c: Client) => c.setRotateInterval(1, 1.5),
      /whole number of seconds/,
    ],
    [
      'an interval over a year',
      (c: Client) => c.setRotateInterval(1, 400 * 86_400),
      /at most one year/,
    ],
    [
      'a label of 1,001 characters',
      (c: Client) => c.setLabel(1, 'x'.repeat(1_001)),
      /at most 1000 characters/,
    ],
    [
      'a label that is not text',
      (c: Client) => c.setLabel(1, 42 as unknown as string),
      /must be text/,
    ],
    [
      'rotation that is not a boolean',
      (c: Client) => c.setRotation(1, 'on' as unknown as boolean),
      /true or false/,
    ],
  ])('%s is invalid_input', async (_case, call, message) => {
    const error = await serviceErrorOf(call(fixture.client()));
    expect(error.kind).toBe('invalid_input');
    expect(error.message).toMatch(message);
    expect(fixture.service().requestLog.count()).toBe(0);
  });

  it.each([
    ['an HTTP URL off this machine', { baseUrl: 'http://proxy.example.com/api' }, /must use HTTPS/],
    ['an empty token', { token: '   ' }, /access token is empty/],
    ['a token with a line break', { token: 'abc\ndef' }, /line breaks/],
    ['a negative retry count', { maxRetries: -1 }, /cannot be negative/],
    ['a huge retry count', { maxRetries: 1_000 }, /at most 10/],
    ['a zero timeout', { timeoutMs: 0 }, /must be positive/],
  ])('creating a client with %s is refused', (_case, overrides, message) => {
    let thrown: unknown;
    try {
      fixture.client('demo', overrides);
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ProxyServiceError);
    expect(thrown).toMatchObject({ kind: 'invalid_input' });
    expect((thrown as Error).message).toMatch(message);
  });
});

type Client = ReturnType<typeof fixture.client>;
