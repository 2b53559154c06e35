import keytar from 'keytar';
import { KeytarVault } from '../../src/main/session/keytar-vault';
import { expect, test } from './support/popup-fixtures';
import { accountOf, expectPlansShown, proxiesOf, required, rowOf } from './support/popup-ui';

test.use({ signInAs: null });

test.describe('signing in through the form', () => {
  test('a valid token shows the account, its plans and proxies, and is kept in the keychain', async ({
    popup,
    keychain,
  }) => {
    const { page, api } = popup;
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    const token = api.tokenFor('demo');

    await page.getByRole('textbox', { name: 'Service URL', exact: true }).fill(api.baseUrl);
    const accessToken = page.getByRole('textbox', { name: 'Access token', exact: true });
    await expect(accessToken).toHaveAttribute('type', 'password');
    await accessToken.fill(token);
    await page.getByRole('button', { name: 'Show token', exact: true }).click();
    await expect(accessToken).toHaveAttribute('type', 'text');
    await page.getByRole('button', { name: 'Hide token', exact: true }).click();
    await expect(accessToken).toHaveAttribute('type', 'password');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    const demo = accountOf(api, 'demo');
    await expectPlansShown(page, demo.plans);
    await expect(page.getByText('demo', { exact: true }).first()).toBeVisible();
    await expect(page.getByText(`${demo.user.name} ${demo.user.surname}`).first()).toBeVisible();
    const first = required(proxiesOf(api, 'demo')[0], 'a proxy');
    await expect(rowOf(page, first.proxy.id)).toBeVisible();
    await expect(page.getByText('Updated just now')).toBeVisible();

    // The real outcome: the session is active and the token went to the keychain, not to a file.
    expect(popup.harness.services.session.status()).toMatchObject({
      state: 'active',
      account: { username: 'demo' },
    });
    const entries = await keychain.entries();
    expect(entries.map((entry) => entry.password)).toEqual([token]);
  });

  test("a refused token shows the service's reason in an alert and keeps the form", async ({
    popup,
    keychain,
  }) => {
    const { page, api } = popup;
    await page.getByRole('textbox', { name: 'Service URL', exact: true }).fill(api.baseUrl);
    await page.getByRole('textbox', { name: 'Access token', exact: true }).fill('not-a-real-token');
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    // The reference service answers 401 "Invalid token"; the client quotes it.
    await expect(page.getByRole('alert')).toContainText('Invalid token');
    await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeEnabled();
    expect(popup.harness.services.session.status().state).toBe('signed-out');
    expect(await keychain.entries()).toEqual([]);
  });
});

test('a newcomer is told what the URL and token are; host:port is completed and remembered after sign-out', async ({
  popup,
}) => {
  const { page, api } = popup;
  const url = page.getByRole('textbox', { name: 'Service URL', exact: true });
  const token = page.getByRole('textbox', { name: 'Access token', exact: true });
  await expect(url).toHaveAccessibleDescription(/address of your provider's account API/);
  await expect(token).toHaveAccessibleDescription(
    'Copy it from your account settings at the provider.',
  );
  const { host, pathname } = new URL(api.baseUrl);

  await url.fill(`${host}${pathname}`);
  await token.fill(api.tokenFor('demo'));
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();

  await expectPlansShown(page, accountOf(api, 'demo').plans);
  expect(popup.harness.services.session.status().account?.serviceUrl).toBe(api.baseUrl);

  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
  await page
    .getByRole('alertdialog')
    .getByRole('button', { name: 'Sign out', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
  await expect(url).toHaveValue(api.baseUrl);
  // Remembered in the settings, not only by this page: a restarted app offers it too.
  await popup.restart();
  await expect(url).toHaveValue(api.baseUrl);
});

test.describe('signing in, the harder cases', () => {
  test.use({ signInAs: null });

  test('the button says "Signing in…" and is disabled while the service answers', async ({
    popup,
  }) => {
    const { page, api } = popup;
    api.faults.add({ method: 'POST', path: '/users/me', latencyMs: 1_500 });
    await page.getByRole('textbox', { name: 'Service URL', exact: true }).fill(api.baseUrl);
    await page
      .getByRole('textbox', { name: 'Access token', exact: true })
      .fill(api.tokenFor('demo'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page.getByRole('button', { name: 'Signing in…', exact: true })).toBeDisabled();
    await expectPlansShown(page, accountOf(api, 'demo').plans);
  });

  test('a keychain that refuses the token offers "Keep for this session only"', async ({
    page,
    api,
    keychain,
    launchHarness,
  }) => {
    const lockedKeychain = new KeytarVault({
      service: keychain.service,
      loadKeytar: async () => ({
        ...keytar,
        setPassword: async () => {
          throw new Error('Cannot create an item in a locked collection');
        },
      }),
    });
    const harness = await launchHarness({ vault: lockedKeychain });
    await page.goto(harness.url);
    await page.getByRole('textbox', { name: 'Service URL', exact: true }).fill(api.baseUrl);
    await page
      .getByRole('textbox', { name: 'Access token', exact: true })
      .fill(api.tokenFor('demo'));
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();

    await expect(page.getByRole('alert')).toContainText('The keychain is locked');
    await page.getByRole('button', { name: 'Keep for this session only', exact: true }).click();

    await expectPlansShown(page, accountOf(api, 'demo').plans);
    expect(harness.services.session.status().state).toBe('active');
    expect(await keychain.entries()).toEqual([]);
  });
});

test('a token that expires soon is pointed out once, with the way to a new one', async ({
  page,
  api,
  launchHarness,
}) => {
  const token = await api.issueToken('demo', { expiresInSeconds: 2 * 24 * 60 * 60 });
  const harness = await launchHarness({ signInAs: 'demo', token });
  await page.goto(harness.url);
  await expectPlansShown(page, accountOf(api, 'demo').plans);

  expect(harness.services.session.status().tokenExpiryWarning).toBe('soon');
  const status = page.getByRole('region', { name: 'Status', exact: true });
  await status.getByRole('button', { expanded: false }).click();
  // The line and the token's alert say the same: one item, the one with the button.
  const warning = status.getByRole('listitem').filter({ hasText: 'Your access token' });
  await expect(warning).toHaveCount(1);
  await expect(warning).toContainText(
    /Your access token expires in (1 day|2 days)\. Sign in again with a new token before then\./,
  );
  await warning.getByRole('button', { name: 'New token', exact: true }).click();
  await expect(page.getByRole('textbox', { name: 'Service URL', exact: true })).toHaveValue(
    api.baseUrl,
  );
});
