import { expect, test } from './support/popup-fixtures';
import { accountOf, expectPlansShown, planRegion } from './support/popup-ui';

test('a second account added through the account menu, then switching between the two', async ({
  popup,
  keychain,
}) => {
  const { page, api, harness } = popup;
  const demo = accountOf(api, 'demo');
  const other = accountOf(api, 'other');
  const demoName = `${demo.user.name} ${demo.user.surname}`;
  const otherName = `${other.user.name} ${other.user.surname}`;
  await expectPlansShown(page, demo.plans);

  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Add account', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Service URL', exact: true }).fill(api.baseUrl);
  await page
    .getByRole('textbox', { name: 'Access token', exact: true })
    .fill(api.tokenFor('other'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expectPlansShown(page, other.plans);
  for (const plan of demo.plans) await expect(planRegion(page, plan.name)).toHaveCount(0);
  await expect(page.getByText('other', { exact: true }).first()).toBeVisible();
  expect(harness.services.session.status().account?.username).toBe('other');
  expect(await keychain.entries()).toHaveLength(2);

  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitemradio', { name: otherName, exact: true })).toBeChecked();
  const demoItem = menu.getByRole('menuitemradio', { name: demoName, exact: true });
  await expect(demoItem).not.toBeChecked();
  await demoItem.click();

  await expectPlansShown(page, demo.plans);
  for (const plan of other.plans) await expect(planRegion(page, plan.name)).toHaveCount(0);
  expect(harness.services.session.status().account?.username).toBe('demo');
  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await expect(
    page.getByRole('menu').getByRole('menuitemradio', { name: demoName, exact: true }),
  ).toBeChecked();
});

test('Cancel on the Add account form goes back to the plans of the active account', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  const demo = accountOf(api, 'demo');
  await expectPlansShown(page, demo.plans);

  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Add account', exact: true }).click();
  await page.getByRole('button', { name: 'Cancel', exact: true }).click();

  await expectPlansShown(page, demo.plans);
  expect(harness.services.session.status()).toMatchObject({
    state: 'active',
    account: { username: 'demo' },
  });
});

test('Sign out forgets the account and its token; Quit asks the app to quit', async ({
  popup,
  keychain,
}) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  expect(await keychain.entries()).toHaveLength(1);

  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Quit', exact: true }).click();
  await expect.poll(() => harness.shell.quitRequested).toBe(1);

  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Sign out', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  expect(harness.services.session.status().state).toBe('signed-out');
  expect(await keychain.entries()).toEqual([]);
  await expect(page.getByRole('button', { name: 'Cancel', exact: true })).toHaveCount(0);
});

test('Sign out asks once, in the popup, and names the account shown next', async ({ popup }) => {
  const { page, api, harness } = popup;
  const demo = accountOf(api, 'demo');
  const other = accountOf(api, 'other');
  await expectPlansShown(page, demo.plans);
  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Add account', exact: true }).click();
  await page
    .getByRole('textbox', { name: 'Access token', exact: true })
    .fill(api.tokenFor('other'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expectPlansShown(page, other.plans);

  const signOut = async () => {
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    return page.getByRole('alertdialog');
  };
  const confirm = await signOut();
  await expect(confirm).toHaveAccessibleName(
    `Sign out of ${other.user.name} ${other.user.surname} (other)? Its token is removed from this computer.`,
  );
  await expect(confirm).toHaveAccessibleDescription(
    `${demo.user.name} ${demo.user.surname} (demo) will be shown next.`,
  );
  // The harmless answer has the focus; Cancel (or Esc) changes nothing.
  await expect(confirm.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Account menu', exact: true })).toBeFocused();
  expect(harness.services.session.status().account?.username).toBe('other');

  await (await signOut()).getByRole('button', { name: 'Sign out', exact: true }).click();
  await expectPlansShown(page, demo.plans);
  expect(harness.services.session.status().account?.username).toBe('demo');

  const last = await signOut();
  await expect(last).toHaveAccessibleDescription('The sign-in form will be shown next.');
  await last.getByRole('button', { name: 'Cancel', exact: true }).click();
  expect(harness.services.session.status().state).toBe('active');
});
