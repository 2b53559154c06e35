import type { Page } from '@playwright/test';
import { formatCredentials } from '../../src/shared/credentials';
import { createApiServer } from '../../tools/reference-service/server';
import type { Harness } from '../../tools/preview/harness-server';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  openControls,
  pageHolds,
  proxyWhere,
  searchBox,
  showProxy,
  titleOf,
} from './support/popup-ui';
import type { ApiServer } from '../../tools/reference-service/server';

// A token the service turns down (revoked, expired) keeps the cached plans on screen: their
// proxies still work, so copying must too, while changes wait for a new token.

function statusRegion(page: Page) {
  return page.getByRole('region', { name: 'Status', exact: true });
}

async function refresh(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
}

/** The list is still there after the refusal: a proxy copies, its changes are held back. */
async function expectReadOnlyList(page: Page, api: ApiServer, harness: Harness): Promise<void> {
  const demo = accountOf(api, 'demo');
  await expectPlansShown(page, demo.plans);
  await expect(page.getByRole('heading', { name: /^Sign in/ })).toHaveCount(0);
  await expect(statusRegion(page).getByRole('button', { name: 'Sign in again' })).toHaveCount(1);

  const { proxy } = proxyWhere(api, 'demo', (entry) => !entry.plan.is_blocked);
  harness.clipboard.userCopies('');
  const row = await showProxy(page, proxy);
  await row.getByRole('button', { name: `Copy ${titleOf(proxy)}`, exact: true }).click();
  await expect
    .poll(() => harness.clipboard.text)
    .toBe(formatCredentials(proxy, { format: 'ip-port-user-pass', hostChoice: 'entry' }));

  await openControls(row);
  await expect(
    row.getByText('Sign in again to change rotation, interval or label', { exact: false }),
  ).toBeVisible();
  await expect(row.getByRole('switch')).toHaveCount(0);
  await expect(
    row.getByRole('button', { name: `Edit label for ${titleOf(proxy)}`, exact: true }),
  ).toBeDisabled();
  // The local port still opens: it needs the proxy, not the service.
  await row.getByRole('button', { name: `Open a local port for ${titleOf(proxy)}` }).click();
  await expect(row.getByRole('button', { name: /^Copy the local port for / })).toBeVisible();
}

/** "Sign in again" opens the form over the list; a new token brings the controls back. */
async function signInAgain(page: Page, api: ApiServer, harness: Harness): Promise<void> {
  const status = statusRegion(page);
  await status.getByRole('button', { name: 'Sign in again', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in again', exact: true })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Service URL', exact: true })).toHaveValue(
    api.baseUrl,
  );
  // Cancel goes back to the read-only list, not to a signed-out popup.
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();
  await searchBox(page).fill('');
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  await status.getByRole('button', { name: 'Sign in again', exact: true }).click();

  const token = await api.issueToken('demo');
  await page.getByRole('textbox', { name: 'Access token', exact: true }).fill(token);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expect(page.getByRole('heading', { name: 'Sign in again', exact: true })).toHaveCount(0);
  await searchBox(page).fill('');
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  expect(harness.services.session.status()).toMatchObject({
    state: 'active',
    account: { username: 'demo', serviceUrl: api.baseUrl },
  });
  await expect(page.getByRole('button', { name: 'Sign in again' })).toHaveCount(0);
  const { proxy } = proxyWhere(api, 'demo', (entry) => !entry.plan.is_blocked);
  const row = await openControls(await showProxy(page, proxy));
  await expect(row.getByRole('switch')).toHaveCount(1);
  // The form let go of the token; only main holds it.
  expect(await pageHolds(page, token)).toBe(false);
}

test('a revoked token keeps the plans listed and copyable, read-only, until signing in again', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  const demo = accountOf(api, 'demo');
  await expectPlansShown(page, demo.plans);

  api.tokens.revokeAllFor(demo.user.uuid);
  await refresh(page);
  await expect(statusRegion(page)).toContainText('Token refused');
  expect(harness.services.session.status().state).toBe('rejected');

  // Opened again: still the list, not the sign-in form.
  await page.reload();
  await expectReadOnlyList(page, api, harness);
  // One line about the token, not the refresh's refusal and the session's as well.
  await statusRegion(page).getByRole('button', { expanded: false }).click();
  await expect(statusRegion(page).getByRole('listitem').filter({ hasText: /token/i })).toHaveCount(
    1,
  );
  await expect(statusRegion(page).getByRole('listitem').first()).toContainText(
    'The service no longer accepts your access token, so the list is read-only. Copying, checks',
  );
  await statusRegion(page).getByRole('button', { expanded: true }).click();

  await signInAgain(page, api, harness);
});

test('after a restart, a revoked token still shows the plans kept on this computer', async ({
  popup,
}) => {
  const { page, api } = popup;
  const demo = accountOf(api, 'demo');
  await expectPlansShown(page, demo.plans);

  // Revoked while the app was closed: the first refresh of the next run is refused.
  api.tokens.revokeAllFor(demo.user.uuid);
  const harness = await popup.restart();
  await expect(statusRegion(page)).toContainText('Token refused');
  expect(harness.services.session.status().state).toBe('rejected');
  await expectReadOnlyList(page, api, harness);
});

test.describe('a token that expires', () => {
  // The service's clock: two hours behind at first, so that a token valid there is already
  // past its `exp` for the app, then set to now, when the service turns it down as expired.
  let serviceLag = 0;
  const expiring = test.extend({
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
    api: async ({}, use) => {
      serviceLag = 2 * 60 * 60 * 1000;
      const api = await createApiServer({ now: () => Date.now() - serviceLag });
      await use(api);
      await api.close().catch(() => undefined);
    },
  });

  expiring(
    'an expired token keeps the plans listed and copyable, and signing in again restores them',
    async ({ page, api, launchHarness }) => {
      const token = await api.issueToken('demo', { expiresInSeconds: 60 * 60 });
      const harness = await launchHarness({ signInAs: 'demo', token });
      await page.goto(harness.url);
      await expectPlansShown(page, accountOf(api, 'demo').plans);

      serviceLag = 0;
      await refresh(page);
      await expect(statusRegion(page)).toContainText('Token expired');
      expect(harness.services.session.status()).toMatchObject({
        state: 'rejected',
        tokenExpiryWarning: 'expired',
      });

      await page.reload();
      await expectReadOnlyList(page, api, harness);
      await signInAgain(page, api, harness);
    },
  );
});
