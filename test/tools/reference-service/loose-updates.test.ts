import { describe, expect, it } from 'vitest';
import {
  INTERVAL_ANSWERS,
  LABEL_ANSWERS,
  ROTATION_ANSWERS,
} from '../../../tools/reference-service/loose-answers';
import type { Proxy } from '../../../tools/reference-service/records';
import type { ApiServer } from '../../../tools/reference-service/server';
import { createApiServer } from '../../../tools/reference-service/server';
import { blockedProxyOf, callApi, changeableProxyOf } from './test-helpers';
import { useApiServer } from './use-api-server';

const server = useApiServer({ dialect: 'loose' });
const token = () => server().tokenFor('demo');
const put = (path: string, body: unknown, target: ApiServer = server()) =>
  callApi(target, 'PUT', path, { token: target.tokenFor('demo'), body });

const demoProxies = (): Proxy[] =>
  server()
    .store.account('demo')
    ?.plans.flatMap((plan) => plan.proxies) ?? [];
const openDemoProxies = (): Proxy[] =>
  server()
    .store.account('demo')
    ?.plans.filter((plan) => !plan.is_blocked)
    .flatMap((plan) => plan.proxies) ?? [];

/** What each variant sends, written out by hand: status and the exact body. */
const expectedAnswers: Record<string, (value: unknown) => [number, string]> = {
  'no-content': () => [204, ''],
  'empty-body': () => [200, ''],
  'empty-object': () => [200, '{}'],
  true: () => [200, 'true'],
  'true-string': () => [200, '"true"'],
  success: () => [200, '{"success":true}'],
  'is-rotating': (value) => [200, `{"is_rotating":${String(value)}}`],
  'is-rotating-number': (value) => [200, `{"is_rotating":${value === true ? 1 : 0}}`],
  'is-rotating-string': (value) => [200, `{"is_rotating":"${String(value)}"}`],
  'success-number': () => [200, '{"success":1}'],
  'success-string': () => [200, '{"success":"true"}'],
  'success-with-interval': (value) => [200, `{"success":true,"rotate_interval":${String(value)}}`],
  'success-with-label': (value) => [200, JSON.stringify({ success: true, label: value })],
};

function expectAnswer(
  result: { status: number; text: string; headers: Headers },
  variant: string,
  value: unknown,
) {
  const expected = expectedAnswers[variant];
  if (!expected) throw new Error(`no expectation for ${variant}`);
  const [status, text] = expected(value);
  expect({ variant, status: result.status, text: result.text }).toEqual({ variant, status, text });
  if (text === '') expect(result.headers.get('content-type')).toBeNull();
  else expect(result.headers.get('content-type')).toBe('application/json; charset=utf-8');
}

describe('update answers, loose', () => {
  it('gives every answer variant to some proxy of the demo account', () => {
    const variants = server().looseVariants;
    const proxies = openDemoProxies();
    expect(new Set(proxies.map((p) => variants.rotationAnswerOf(p.id)))).toEqual(
      new Set(ROTATION_ANSWERS),
    );
    expect(new Set(proxies.map((p) => variants.intervalAnswerOf(p.id)))).toEqual(
      new Set(INTERVAL_ANSWERS),
    );
    expect(new Set(proxies.map((p) => variants.labelAnswerOf(p.id)))).toEqual(
      new Set(LABEL_ANSWERS),
    );
  });

  it('has a changeable demo proxy whose rotation update is answered 204', async () => {
    const proxy = openDemoProxies().find(
      (candidate) => server().looseVariants.rotationAnswerOf(candidate.id) === 'no-content',
    );
    if (!proxy) throw new Error('expected a changeable proxy answered with 204');
    const target = !proxy.is_rotating;
    const { status, text } = await put('proxies/update_rotation', {
      id: proxy.id,
      is_rotating: target,
    });
    expect([status, text]).toEqual([204, '']);
    expect(server().store.proxyState(proxy.id)?.is_rotating).toBe(target);
  });

  it('answers each rotation update as reported and stores the new value', async () => {
    for (const proxy of openDemoProxies()) {
      const value = !proxy.is_rotating;
      const result = await put('proxies/update_rotation', { id: proxy.id, is_rotating: value });
      expectAnswer(result, server().looseVariants.rotationAnswerOf(proxy.id), value);
      expect(server().store.proxyState(proxy.id)?.is_rotating).toBe(value);
    }
  });

  it('answers each interval update as reported and stores the new value', async () => {
    for (const proxy of openDemoProxies()) {
      const value = proxy.rotate_interval + 7;
      const result = await put('proxies/update_rotate_interval', {
        id: proxy.id,
        rotate_interval: value,
      });
      expectAnswer(result, server().looseVariants.intervalAnswerOf(proxy.id), value);
      expect(server().store.proxyState(proxy.id)?.rotate_interval).toBe(value);
    }
  });

  it('answers each label update as reported and stores the new value', async () => {
    for (const proxy of openDemoProxies()) {
      const label = `Büro ${proxy.id} 🚀`;
      const result = await put('proxies/update_label', { id: proxy.id, label });
      expectAnswer(result, server().looseVariants.labelAnswerOf(proxy.id), label);
      expect(server().store.labelOf(proxy.id)).toBe(label);
    }
  });

  it('gives a proxy the same answer on every request and on every server with that seed', async () => {
    const proxy = changeableProxyOf(server());
    const first = await put('proxies/update_label', { id: proxy.id, label: 'same' });
    const second = await put('proxies/update_label', { id: proxy.id, label: 'same' });
    expect([second.status, second.text]).toEqual([first.status, first.text]);

    const twin = await createApiServer({ dialect: 'loose' });
    try {
      const onTwin = await put('proxies/update_label', { id: proxy.id, label: 'same' }, twin);
      expect([onTwin.status, onTwin.text]).toEqual([first.status, first.text]);
      const answersOf = (target: ApiServer) =>
        demoProxies().map((p) => [
          target.looseVariants.rotationAnswerOf(p.id),
          target.looseVariants.intervalAnswerOf(p.id),
          target.looseVariants.labelAnswerOf(p.id),
        ]);
      expect(answersOf(twin)).toEqual(answersOf(server()));
    } finally {
      await twin.close();
    }
  });

  it('refuses an update to an unreadable entry with 404: it is not in the store', async () => {
    for (const { proxyId } of server().looseVariants.unreadableProxies('demo')) {
      const { status, json } = await put('proxies/update_label', { id: proxyId, label: 'x' });
      expect(status).toBe(404);
      expect(json).toEqual({ detail: 'Proxy not found' });
    }
  });
});

describe('error answers are the same in both dialects', () => {
  it('answers 401, 403, 404, 405 and 422 to the byte as the spec dialect does', async () => {
    const spec = await createApiServer({ dialect: 'spec' });
    try {
      const blocked = blockedProxyOf(server()).id;
      const open = changeableProxyOf(server()).id;
      const cases = [
        (target: ApiServer) => callApi(target, 'GET', 'users/plans'),
        (target: ApiServer) => callApi(target, 'GET', 'users/me', { token: 'garbage' }),
        (target: ApiServer) => put('proxies/update_label', { id: blocked, label: 'x' }, target),
        (target: ApiServer) => put('proxies/update_label', { id: 987_654_321, label: 'x' }, target),
        (target: ApiServer) => put('proxies/update_rotation', { id: open, is_rotating: 1 }, target),
        (target: ApiServer) => callApi(target, 'DELETE', 'users/plans', { token: token() }),
      ];
      for (const request of cases) {
        const [loose, strict] = [await request(server()), await request(spec)];
        expect(loose.status).toBeGreaterThanOrEqual(400);
        expect([loose.status, loose.text]).toEqual([strict.status, strict.text]);
        expect(loose.headers.get('content-type')).toBe(strict.headers.get('content-type'));
      }
    } finally {
      await spec.close();
    }
  });
});

describe('looseVariants under the spec dialect', () => {
  const spec = useApiServer({ dialect: 'spec' });

  it('reports the spec’s forms and no unreadable entries', () => {
    const proxy = changeableProxyOf(spec());
    const variants = spec().looseVariants;
    expect(spec().dialect).toBe('spec');
    expect(variants.listingKey).toBeNull();
    expect(variants.rotationAnswerOf(proxy.id)).toBe('is-rotating');
    expect(variants.intervalAnswerOf(proxy.id)).toBe('success');
    expect(variants.labelAnswerOf(proxy.id)).toBe('true');
    expect(variants.unreadableProxies('demo')).toEqual([]);
    expect(variants.proxyVariantsOf(proxy.id)).toMatchObject({
      id: 'number',
      is_rotating: 'boolean',
    });
    expect(variants.planVariantsOf(100)).toMatchObject({ creation_date: 'spec', extras: 'none' });
  });
});
