import { describe, expect, it } from 'vitest';
import type { ProxyView } from '../../../src/shared/views/plans-view';
import { useReferenceService } from '../api/reference-service-fixture';
import { startSignedIn, useMainProcess, valueOf } from '../ipc/main-services-fixture';

/*
 * Every shape a loose service answers an update with, through the main services as the popup
 * reaches them: what the user sees afterwards. A change the service applied is never reported as
 * failed or rolled back; only an answer that says so is a refusal.
 */

const fixture = useReferenceService({ dialect: 'spec' });
const main = useMainProcess();

type Answer = { status: number; body?: unknown };

const saysNothing: [string, Answer][] = [
  ['204 No Content', { status: 204 }],
  ['an empty 200', { status: 200, body: '' }],
  ['{}', { status: 200, body: {} }],
  ['true', { status: 200, body: true }],
  ['"true"', { status: 200, body: '"true"' }],
  ['{"success":true}', { status: 200, body: { success: true } }],
  ['{"success":1}', { status: 200, body: { success: 1 } }],
  ['plain text "OK"', { status: 200, body: 'OK' }],
];

async function signedIn() {
  const app = await startSignedIn(main, fixture.service());
  const id = fixture.changeableProxyId();
  const shown = (snapshot = app.services.plans.snapshot()): ProxyView | undefined =>
    snapshot.plans?.flatMap((plan) => plan.proxies).find((proxy) => proxy.id === id);
  return { app, id, shown };
}

const answerWith = (answer: Answer) => fixture.service().faults.add({ method: 'PUT', ...answer });

describe('what the user sees after each shape of update answer', () => {
  it.each(saysNothing)('%s: the change stands as asked', async (_name, answer) => {
    const { app, id, shown } = await signedIn();
    const before = shown();
    answerWith(answer);
    valueOf(
      await app.call('proxy:set-rotation', { proxyId: id, isRotating: !before?.is_rotating }),
    );
    expect(shown()?.is_rotating).toBe(!before?.is_rotating);
    answerWith(answer);
    valueOf(await app.call('proxy:set-interval', { proxyId: id, seconds: 1_234 }));
    expect(shown()?.rotate_interval).toBe(1_234);
    answerWith(answer);
    valueOf(await app.call('proxy:set-label', { proxyId: id, label: 'Checkout' }));
    expect(shown()?.label).toBe('Checkout');
    // Kept locally, where labels live: the next listing does not return them.
    valueOf(await app.call('plans:refresh'));
    expect(shown()?.label).toBe('Checkout');
    expect(fixture.service().faults.pending).toHaveLength(0);
  });

  it.each([
    ['{"is_rotating": 0}', { is_rotating: 0 }, false],
    ['{"is_rotating": "true"}', { is_rotating: 'true' }, true],
  ])('%s: the value the service reports is shown', async (_name, body, shownValue) => {
    const { app, id, shown } = await signedIn();
    fixture.service().faults.add({ method: 'PUT', status: 200, body });
    valueOf(await app.call('proxy:set-rotation', { proxyId: id, isRotating: !shownValue }));
    expect(shown()?.is_rotating).toBe(shownValue);
  });

  it.each([
    ['{"success": false}', { success: false }],
    [
      '{"success": "false", "detail": "…"}',
      { success: 'false', detail: 'Interval not allowed on this plan' },
    ],
  ])('%s: refused, with the service’s words, and the old value back', async (_name, body) => {
    const { app, id, shown } = await signedIn();
    const before = shown()?.rotate_interval;
    fixture.service().faults.add({ method: 'PUT', status: 200, body });
    const result = await app.call('proxy:set-interval', { proxyId: id, seconds: 4_321 });
    expect(result).toMatchObject({ ok: false, error: { kind: 'server' } });
    expect(!result.ok && result.error.message).toMatch(
      /^Setting the rotation interval failed: the service answered that it did not apply it\./,
    );
    expect(shown()?.rotate_interval).toBe(before);
  });
});
