import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support/popup-fixtures';
import { accountOf, expectPlansShown, required } from './support/popup-ui';

function accountMenuButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Account menu', exact: true });
}

async function openAccountDetails(page: Page): Promise<void> {
  await accountMenuButton(page).click();
  await page.getByRole('menuitem', { name: 'Account details…', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Account details' })).toBeVisible();
}

/** The value shown for a label of the panel's description lists. */
function detail(page: Page, label: string): Locator {
  return page
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** A day as the popup writes it (formatCalendarDate), in the browser's own locale. */
function calendarDate(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (text) =>
      new Intl.DateTimeFormat(undefined, {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }).format(new Date(text)),
    iso,
  );
}

test('the account menu opens every field of the user record, the service URL and the token expiry; Esc and Back return', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  const demo = accountOf(api, 'demo');
  await expectPlansShown(page, demo.plans);

  await openAccountDetails(page);
  // Focus moves into the panel, on its way back out.
  await expect(page.getByRole('button', { name: 'Back', exact: true })).toBeFocused();

  const { user } = demo;
  await expect(detail(page, 'Username')).toHaveText(user.username);
  await expect(detail(page, 'First name')).toHaveText(user.name);
  await expect(detail(page, 'Surname')).toHaveText(user.surname);
  await expect(detail(page, 'Address')).toHaveText(user.address);
  await expect(detail(page, 'Created from IP')).toHaveText(user.creation_ip);
  // The loose dialect writes the uuid in capitals: shown as sent.
  await expect(detail(page, 'Account ID')).toHaveText(new RegExp(`^\\s*${user.uuid}\\s*$`, 'i'));
  await expect(detail(page, 'Account created')).toHaveText(
    await calendarDate(page, user.creation_date),
  );
  // Every service string is direction-isolated; the full text is in the tooltip.
  await expect(detail(page, 'Address').locator('bdi')).toHaveAttribute('title', user.address);
  const createdTitle = await detail(page, 'Account created').locator('bdi').getAttribute('title');
  expect(Date.parse(createdTitle ?? '')).toBe(Date.parse(user.creation_date));

  const status = harness.services.session.status();
  const serviceUrl = required(status.account?.serviceUrl, 'the signed-in service URL');
  const expiresAt = required(status.tokenExpiresAt, 'the token expiry');
  await expect(detail(page, 'Service URL')).toHaveText(serviceUrl);
  await expect(detail(page, 'Token expires')).toContainText(await calendarDate(page, expiresAt));
  await expect(detail(page, 'Token expires')).toContainText('expires in 30 days');
  // One description list per section; the access token is never shown.
  await expect(page.locator('dl')).toHaveCount(2);
  expect(await page.locator('body').innerText()).not.toContain(api.tokenFor('demo'));

  await page.keyboard.press('Escape');
  await expectPlansShown(page, demo.plans);
  await expect(accountMenuButton(page)).toBeFocused();

  await openAccountDetails(page);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expectPlansShown(page, demo.plans);
  await expect(accountMenuButton(page)).toBeFocused();
});

test('fields the service did not send read "not given"', async ({ page, api, launchHarness }) => {
  const demo = accountOf(api, 'demo');
  // The service's record loses fields before the popup ever asks for it.
  Reflect.deleteProperty(demo.user, 'address');
  Reflect.deleteProperty(demo.user, 'creation_ip');
  demo.user.surname = '';
  const harness = await launchHarness({ signInAs: 'demo' });
  await page.goto(harness.url);
  await expectPlansShown(page, demo.plans);

  await openAccountDetails(page);
  await expect(detail(page, 'Username')).toHaveText(demo.user.username);
  await expect(detail(page, 'Address')).toHaveText('not given');
  await expect(detail(page, 'Created from IP')).toHaveText('not given');
  await expect(detail(page, 'Surname')).toHaveText('not given');
  await expect(detail(page, 'First name')).toHaveText(demo.user.name);
});

test('a failing account:get says so in the panel and keeps what was shown before', async ({
  popup,
}) => {
  const { page, api } = popup;
  const demo = accountOf(api, 'demo');
  await expectPlansShown(page, demo.plans);

  // Failing from the first opening: a message, the panel still works.
  api.faults.add({ method: 'GET', path: '/users/me', status: 503, times: 10 });
  await openAccountDetails(page);
  const failure = page.getByRole('alert');
  await expect(failure).toContainText('HTTP 503');
  await expect(detail(page, 'Service URL')).toHaveText(
    required(popup.harness.services.session.status().account?.serviceUrl, 'the service URL'),
  );

  // Try again once the service is back: the record, and the message gone.
  api.faults.clear();
  await page.getByRole('button', { name: 'Try again', exact: true }).click();
  await expect(detail(page, 'Username')).toHaveText(demo.user.username);
  await expect(failure).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expectPlansShown(page, demo.plans);

  // Failing on a later opening: the record loaded before stays, next to the message.
  api.faults.add({ method: 'GET', path: '/users/me', status: 503, times: 10 });
  await openAccountDetails(page);
  await expect(failure).toContainText('HTTP 503');
  await expect(failure).toContainText('Showing the details from');
  await expect(detail(page, 'Username')).toHaveText(demo.user.username);
  await expect(detail(page, 'Address')).toHaveText(demo.user.address);
  api.faults.clear();

  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await expectPlansShown(page, demo.plans);
});
