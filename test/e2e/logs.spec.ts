import { expect, test } from './support/popup-fixtures';

test.describe('"Open logs folder" in Settings', () => {
  test('opens the folder of the log', async ({ popup }) => {
    const { page, harness } = popup;
    await popup.show('settings');
    const open = page.getByRole('button', { name: 'Open logs folder', exact: true });
    await expect(open).toHaveAccessibleDescription(
      'The log records what went wrong, without tokens or passwords, for support to read.',
    );
    expect(harness.shell.logsFolderOpened).toBe(0);
    await open.click();
    await expect.poll(() => harness.shell.logsFolderOpened).toBe(1);
    await expect(page.getByRole('alert')).toHaveCount(0);
  });

  test('says where the folder is when the file manager cannot open it', async ({ popup }) => {
    const { page, harness } = popup;
    harness.shell.fileManagerAnswer = 'No application is registered to open folders';
    await popup.show('settings');
    await page.getByRole('button', { name: 'Open logs folder', exact: true }).click();
    await expect(
      page.getByText(
        `The logs folder could not be opened (No application is registered to open folders). It is ${harness.logsFolder}`,
      ),
    ).toBeVisible();
  });
});
