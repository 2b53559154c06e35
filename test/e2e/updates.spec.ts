import type { Page } from '@playwright/test';
import type { Harness } from '../../tools/preview/harness-server';
import { expect, test } from './support/popup-fixtures';
import { accountOf, expectPlansShown, withoutAlerts } from './support/popup-ui';

/** What the harness played: how often the update server was asked, and restarts into an update. */
async function updaterState(
  harness: Harness,
): Promise<{ updateChecks: number; updateRestarts: number }> {
  const response = await harness.request('/__harness/state');
  return (await response.json()) as { updateChecks: number; updateRestarts: number };
}

async function harnessPost(harness: Harness, path: string, body: unknown = {}): Promise<void> {
  const response = await harness.request(path, {
    method: 'POST',
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`The harness refused ${path}: ${response.status}`);
}

const automaticChecks = (page: Page) =>
  page.getByRole('checkbox', { name: 'Check for updates automatically', exact: true });

test.describe('updates of an installed build', () => {
  test.use({ installedBuild: true });

  test('a downloaded update is offered with its version; "Restart now" restarts into it', async ({
    popup,
  }) => {
    const { page, api } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    // An item of the status line; the demo's plan alerts come first, so the list is opened.
    const status = page.getByRole('region', { name: 'Status', exact: true });
    await status.getByRole('button', { expanded: false }).click();
    const update = status.getByRole('listitem').filter({ hasText: 'Restart to update' });
    await expect(status.getByRole('listitem').first()).toBeVisible();
    await expect(update).toHaveCount(0);

    await harnessPost(popup.harness, '/__harness/update-ready', { version: '1.2.3' });
    await expect(update).toContainText('Restart to update to 1.2.3');
    expect((await updaterState(popup.harness)).updateRestarts).toBe(0);
    await update.getByRole('button', { name: 'Restart now', exact: true }).click();
    await expect.poll(async () => (await updaterState(popup.harness)).updateRestarts).toBe(1);

    // Settings tell the same story, with the same way out.
    await popup.show('settings');
    await expect(
      page.getByText('Version 1.2.3 is downloaded: restart to install it.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check now', exact: true })).toHaveCount(0);
  });

  test.describe('from a service that follows the spec', () => {
    // A loose provider's listing adds a notice of what it hid: the update would not be alone.
    test.use({ apiDialect: 'spec' });

    test('alone, the update is the status line itself, with its button in it', async ({
      page,
      api,
      launchHarness,
    }) => {
      const demo = accountOf(api, 'demo');
      withoutAlerts(demo.plans);
      const harness = await launchHarness({ signInAs: 'demo' });
      await page.goto(harness.url);
      await expectPlansShown(page, demo.plans);
      const status = page.getByRole('region', { name: 'Status', exact: true });
      await expect(status).toHaveCount(0);

      await harnessPost(harness, '/__harness/update-ready', { version: '2.0.0' });
      await expect(status).toHaveText(/^\s*Restart to update to 2\.0\.0\s+Restart now\s*$/);
      // Nothing more to open: no list, no count.
      await expect(status.getByRole('button', { expanded: false })).toHaveCount(0);
      await status.getByRole('button', { name: 'Restart now', exact: true }).click();
      await expect.poll(async () => (await updaterState(harness)).updateRestarts).toBe(1);
    });
  });

  test('"Check now" checks; a failed check is one quiet line in Settings', async ({ popup }) => {
    const { page } = popup;
    await popup.show('settings');
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
    await expect(page.getByText('Not checked yet.', { exact: true })).toBeVisible();

    await page.getByRole('button', { name: 'Check now', exact: true }).click();
    await expect(page.getByText(/^Up to date \(checked .+\)\.$/)).toBeVisible();
    expect((await updaterState(popup.harness)).updateChecks).toBe(1);

    await harnessPost(popup.harness, '/__harness/update-server-down');
    await page.getByRole('button', { name: 'Check now', exact: true }).click();
    await expect(
      page.getByText(
        'Last check failed: The update server could not be reached. Check your internet connection.',
        { exact: true },
      ),
    ).toBeVisible();
    // Quiet: no alert, no toast, no banner.
    await expect(page.getByRole('alert')).toHaveCount(0);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    const status = page.getByRole('region', { name: 'Status', exact: true });
    await status.getByRole('button', { expanded: false }).click();
    await expect(status.getByRole('listitem').first()).toBeVisible();
    await expect(status).not.toContainText('Restart to update');
  });

  test('turning automatic checks off is saved and kept after a restart', async ({ popup }) => {
    const { page } = popup;
    await popup.show('settings');
    await expect(automaticChecks(page)).toBeChecked();
    await automaticChecks(page).uncheck();
    await expect.poll(() => popup.harness.services.settings.get().checkForUpdates).toBe(false);

    await popup.restart();
    await popup.show('settings');
    await expect(automaticChecks(page)).not.toBeChecked();
    expect(popup.harness.services.settings.get().checkForUpdates).toBe(false);

    // Back on, it checks at once.
    await automaticChecks(page).check();
    await expect.poll(async () => (await updaterState(popup.harness)).updateChecks).toBe(1);
  });
});

test('a build that is not installed says updates come only with installed builds', async ({
  popup,
}) => {
  const { page } = popup;
  await popup.show('settings');
  await expect(
    page.getByText('Updates are checked only in installed builds.', { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Check now', exact: true })).toHaveCount(0);
});
