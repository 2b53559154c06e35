import { describe, expect, it } from 'vitest';
import { rejectionOf, useReferenceService } from './reference-service-fixture';

/*
 * An update whose answer never came may still have been applied: the user is told the change
 * could not be confirmed, not that it failed. A read in the same situation simply failed.
 */

const fixture = useReferenceService();

describe('an update whose answer is lost', () => {
  it('an update the service never answers is unconfirmed, not a timeout', async () => {
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_label', hang: true });
    const error = await rejectionOf(fixture.client('demo', { timeoutMs: 300 }).setLabel(id, 'x'));
    expect(error).toMatchObject({
      kind: 'unconfirmed',
      message:
        'Setting the label: could not confirm the change (the service did not answer in time).',
    });
  });

  it('an update applied and then cut off is unconfirmed, and the service did apply it', async () => {
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_rotate_interval', afterApply: 'drop' });
    const client = fixture.client('demo', { maxRetries: 0 });
    const error = await rejectionOf(client.setRotateInterval(id, 1_200));
    expect(error).toMatchObject({
      kind: 'unconfirmed',
      message:
        'Setting the rotation interval: could not confirm the change (the connection broke before its answer arrived).',
    });
    expect(fixture.service().store.proxyState(id)?.rotate_interval).toBe(1_200);
  });
});

describe('the words of each call', () => {
  it('checking the token says so when it fails', async () => {
    fixture.service().faults.add({ method: 'POST', path: '/users/me', status: 500 });
    const error = await rejectionOf(fixture.client().verifyToken());
    expect(error).toMatchObject({ kind: 'server' });
    expect((error as Error).message).toMatch(/^Checking the access token failed: /);
  });

  it('turning rotation off says "off" when it fails', async () => {
    const id = fixture.changeableProxyId();
    fixture.service().faults.add({ path: '/proxies/update_rotation', status: 500 });
    const error = await rejectionOf(fixture.client().setRotation(id, false));
    expect((error as Error).message).toMatch(/^Turning rotation off failed: /);
  });
});
