import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  openControls,
  proxyWhere,
  showProxy,
  titleOf,
} from './support/popup-ui';
import { isolateBidi } from '../../src/shared/text/bidi-controls';

/*
 * The popup over a service that follows the spec loosely (the reference service's loose
 * dialect): strings for numbers, 0/1 booleans, other timestamp spellings, a wrapped listing,
 * updates answered with 204 or `{}`, and two entries in the listing nobody could use.
 */
test.use({ apiDialect: 'loose' });

test.describe('a loosely written service', () => {
  test('shows every plan and proxy it could read, and one calm notice of what it hid', async ({
    popup,
  }) => {
    const { page, api } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    const unreadable = api.looseVariants.unreadableProxies('demo');
    expect(unreadable).toHaveLength(2);
    const planName = unreadable[0]?.planName ?? '';
    const message = `2 proxies of ${isolateBidi(planName)} could not be read and are hidden.`;
    // One item of the status line (the demo's blocked plan outranks it), one click away, with
    // the field paths for a report to the provider.
    await expect(page.getByText(/\.proxies\[\d+\]\.port: Expected/)).toBeHidden();
    const status = page.getByRole('region', { name: 'Status', exact: true });
    await status.getByRole('button', { expanded: false }).click();
    const notice = status.getByRole('listitem').filter({ hasText: 'could not be read' });
    await expect(notice).toHaveCount(1);
    await expect(notice.getByText(message, { exact: true })).toBeVisible();
    await expect(
      notice.getByText(/\.proxies\[\d+\]\.port: Expected a port from 1 to 65535/),
    ).toBeVisible();
    await expect(notice.getByText(/\.proxies\[\d+\]\.password: Expected a password/)).toBeVisible();
  });

  test('a toggle answered with 204 stays on, and the service has it', async ({ popup }) => {
    const { page, api } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    const { proxy } = proxyWhere(
      api,
      'demo',
      (e) =>
        !e.plan.is_blocked &&
        !e.proxy.is_rotating &&
        api.looseVariants.rotationAnswerOf(e.proxy.id) === 'no-content',
    );
    const row = await showProxy(page, proxy);
    await openControls(row);
    const toggle = row.getByRole('switch', { name: `Rotation for ${titleOf(proxy)}`, exact: true });
    await expect(toggle).toHaveAttribute('aria-checked', 'false');
    await toggle.click();
    await expect.poll(() => api.store.proxyState(proxy.id)?.is_rotating).toBe(true);
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    // Still on once the change has settled, and no failure was shown.
    await expect(toggle).not.toHaveAttribute('aria-busy', 'true');
    await expect(toggle).toHaveAttribute('aria-checked', 'true');
    await expect(page.getByRole('alert')).toHaveCount(0);
  });
});
