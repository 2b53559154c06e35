import type { Page } from '@playwright/test';
import type { Harness } from '../harness/harness-server';
import { expect, test } from './support/popup-fixtures';
import { accountOf, expectPlansShown } from './support/popup-ui';

/** What the harness played: how often the update server was asked, and restarts into an update. */
async function updaterState(
  harness: Harness,
): Promise<{ updateChecks: number; updateRestarts: number }> {
  const response = await fetch(new URL('/__harness/state', harness.url));
  return (await response.json()) as { updateChecks: number; updateRestarts: number };
}

async function harnessPost(harness: Harness, path: string, body: unknown = {}): Promise<void> {
  const response = await fetch(new URL(path, harness.url), {
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
    const banner = page.getByRole('region', { name: 'Update ready', exact: true });
    await expect(banner).toHaveCount(0);

    await harnessPost(popup.harness, '/__harness/update-ready', { version: '1.2.3' });
    await expect(banner).toContainText('Restart to update to 1.2.3');
    expect((await updaterState(popup.harness)).updateRestarts).toBe(0);
    await banner.getByRole('button', { name: 'Restart now', exact: true }).click();
    await expect.poll(async () => (await updaterState(popup.harness)).updateRestarts).toBe(1);

    // Settings tell the same story, with the same way out.
    await popup.show('settings');
    await expect(
      page.getByText('Version 1.2.3 is downloaded: restart to install it.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Check now', exact: true })).toHaveCount(0);
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
    await expect(page.getByRole('region', { name: 'Update ready', exact: true })).toHaveCount(0);
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
