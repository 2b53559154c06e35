import type { Page } from '@playwright/test';
import { connectToOwner, type OwnerConnection } from '../../src/main/command-line/command-client';
import type { Harness } from '../../tools/preview/harness-server';
import { expect, test } from './support/popup-fixtures';

function accessSwitch(page: Page) {
  return page.getByRole('checkbox', { name: 'Command-line access', exact: true });
}

/** What `proxy-tray` in a terminal does first: connect to the running app's socket. */
async function terminal(harness: Harness): Promise<OwnerConnection> {
  const connection = await connectToOwner(harness.commandSocket, {
    timeoutMs: 5_000,
    keyFile: harness.commandKeyFile,
  });
  if (!connection) throw new Error('The harness serves no command socket');
  return connection;
}

test('command-line access is off until turned on in Settings, is kept, and turns off at once', async ({
  popup,
}) => {
  const { page } = popup;
  await popup.show('settings');
  await expect(accessSwitch(page)).not.toBeChecked();
  await expect(accessSwitch(page)).toHaveAccessibleDescription(
    "Lets proxy-tray in a terminal use this app's account and ports. Any program you run can then use it too.",
  );
  const before = await terminal(popup.harness);
  try {
    expect(before.hello.access).toBe(false);
    expect(await before.call('plans:list', undefined)).toEqual({ refused: 'access-off' });
  } finally {
    before.close();
  }

  await accessSwitch(page).check();
  await expect.poll(() => popup.harness.services.settings.get().commandLineAccess).toBe(true);

  // Kept after a restart, and the new harness's socket answers as the popup would.
  await popup.restart();
  await popup.show('settings');
  await expect(accessSwitch(page)).toBeChecked();
  const after = await terminal(popup.harness);
  try {
    expect(after.hello.access).toBe(true);
    const answer = await after.call('plans:list', undefined);
    expect(answer).toMatchObject({ result: { ok: true, value: { plans: expect.any(Array) } } });

    // Off again: the very next call on the open connection is refused.
    await accessSwitch(page).uncheck();
    await expect.poll(() => popup.harness.services.settings.get().commandLineAccess).toBe(false);
    expect(await after.call('plans:list', undefined)).toEqual({ refused: 'access-off' });
  } finally {
    after.close();
  }
});
