import { formatCredentials } from '../../src/shared/credentials';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  planRegion,
  required,
  showProxy,
  titleOf,
} from './support/popup-ui';

// A host picked once in a copy menu changes every copy of the plan: the row, the Copy button's
// tooltip, the toast and the plan's header must say so, and one click must undo it.
test('a plan’s own host choice is shown where copies happen and undone in one click', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  const plans = accountOf(api, 'demo').plans;
  await expectPlansShown(page, plans);
  const plan = required(
    plans.find((candidate) => !candidate.is_blocked && candidate.proxies.length > 1),
    'an open plan with two proxies',
  );
  const [proxy, neighbour] = plan.proxies;
  if (!proxy || !neighbour) throw new Error('two proxies are needed');
  const ipv6 = proxy.assigned_proxy_ipv6;
  const title = titleOf(proxy);
  const header = planRegion(page, plan.name);
  const chip = header.getByRole('button', { name: /^Copies assigned IPv6 for / });

  let row = await showProxy(page, proxy);
  const copyButton = () => row.getByRole('button', { name: `Copy ${title}`, exact: true });
  await expect(copyButton()).toHaveAttribute('title', `Copies with host ${proxy.ip}`);
  await expect(row.getByText('IPv6', { exact: true })).toHaveCount(0);
  await expect(chip).toHaveCount(0);

  await row.getByRole('button', { name: `Copy formats for ${title}`, exact: true }).click();
  await page
    .getByRole('menu')
    .getByRole('menuitemradio', { name: /^Assigned IPv6/ })
    .click();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toHaveCount(0);

  // The row says it, the Copy button names the address, and the copy pastes and names it.
  await expect(row.getByText('IPv6', { exact: true })).toBeVisible();
  await expect(copyButton()).toHaveAttribute('title', `Copies with host ${ipv6} (assigned IPv6)`);
  harness.clipboard.userCopies('');
  await copyButton().click();
  await expect
    .poll(() => harness.clipboard.text)
    .toBe(formatCredentials(proxy, { format: 'ip-port-user-pass', hostChoice: 'ipv6' }));
  await expect(page.getByText(`copied with its assigned IPv6 ${ipv6}`)).toBeVisible();

  // The plan's other rows too: the choice is the plan's.
  row = await showProxy(page, neighbour);
  await expect(row.getByText('IPv6', { exact: true })).toBeVisible();
  await expect(
    row.getByRole('button', { name: `Copy ${titleOf(neighbour)}`, exact: true }),
  ).toHaveAttribute('title', `Copies with host ${neighbour.assigned_proxy_ipv6} (assigned IPv6)`);

  // Settings → Host to copy says a plan does not follow it.
  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('radiogroup', { name: 'Host to copy' })).toHaveAccessibleDescription(
    /^1 plan uses its own choice/,
  );
  await page.getByRole('button', { name: 'Back', exact: true }).click();

  // One click on the header's chip: back to the settings' host for every copy of the plan.
  row = await showProxy(page, proxy);
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(chip).toHaveCount(0);
  await expect(row.getByText('IPv6', { exact: true })).toHaveCount(0);
  await expect(copyButton()).toHaveAttribute('title', `Copies with host ${proxy.ip}`);
  harness.clipboard.userCopies('');
  await copyButton().click();
  await expect
    .poll(() => harness.clipboard.text)
    .toBe(formatCredentials(proxy, { format: 'ip-port-user-pass', hostChoice: 'entry' }));
  await row.getByRole('button', { name: `Copy formats for ${title}`, exact: true }).click();
  await expect(
    page.getByRole('menu').getByRole('menuitemradio', { name: /^Entry address/ }),
  ).toBeChecked();
  await page.keyboard.press('Escape');

  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await expect(page.getByText(/plans? uses? (its|their) own choice/)).toHaveCount(0);
});

// Picking the host Settings → Host to copy already gives is no choice of the plan's own: no chip,
// and the plan follows a later change of the settings.
test('picking the host Settings gives leaves the plan following Settings, with no chip', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  const plans = accountOf(api, 'demo').plans;
  await expectPlansShown(page, plans);
  const plan = required(
    plans.find(
      (candidate) =>
        !candidate.is_blocked &&
        !!candidate.proxies[0]?.assigned_proxy_ipv4 &&
        !!candidate.proxies[0].assigned_proxy_ipv6,
    ),
    'an open plan whose first proxy has assigned addresses',
  );
  const proxy = required(plan.proxies[0], 'a proxy of the plan');
  const title = titleOf(proxy);
  const accountId = required(harness.services.session.status().account?.id, 'the account');
  const ownChoices = () => [...harness.services.hostChoices.ofAccount(accountId)];
  const chip = planRegion(page, plan.name).getByRole('button', { name: /^Copies / });
  const row = await showProxy(page, proxy);
  const copyButton = row.getByRole('button', { name: `Copy ${title}`, exact: true });
  const pickInCopyMenu = async (host: RegExp) => {
    await row.getByRole('button', { name: `Copy formats for ${title}`, exact: true }).click();
    const item = page.getByRole('menu').getByRole('menuitemradio', { name: host });
    await item.click();
    await expect(item).toBeChecked();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('menu')).toHaveCount(0);
  };
  const setHostInSettings = async (host: string, choice: string) => {
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
    await page
      .getByRole('radiogroup', { name: 'Host to copy' })
      .getByRole('radio', { name: host, exact: true })
      .check();
    await expect.poll(() => harness.services.settings.get().hostChoice).toBe(choice);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
  };

  // Settings give the entry address; picking it keeps no "Copies entry address" chip.
  await pickInCopyMenu(/^Entry address/);
  await setHostInSettings('Assigned IPv4 address', 'ipv4');
  // The plan followed the settings: its copies now paste the assigned IPv4.
  await showProxy(page, proxy);
  await expect(copyButton).toHaveAttribute(
    'title',
    `Copies with host ${proxy.assigned_proxy_ipv4} (assigned IPv4)`,
  );
  await expect(chip).toHaveCount(0);
  expect(ownChoices()).toEqual([]);

  // A host of its own shows the chip; picking the settings' host again takes it away.
  await pickInCopyMenu(/^Assigned IPv6/);
  await expect(chip).toHaveAccessibleName(/^Copies assigned IPv6 for /);
  await pickInCopyMenu(/^Assigned IPv4/);
  await expect(chip).toHaveCount(0);
  await expect.poll(ownChoices).toEqual([]);
  await expect(copyButton).toHaveAttribute(
    'title',
    `Copies with host ${proxy.assigned_proxy_ipv4} (assigned IPv4)`,
  );

  // And a later change of the settings reaches the plan again.
  await setHostInSettings('Entry address (ip)', 'entry');
  await showProxy(page, proxy);
  await expect(copyButton).toHaveAttribute('title', `Copies with host ${proxy.ip}`);
  harness.clipboard.userCopies('');
  await copyButton.click();
  await expect
    .poll(() => harness.clipboard.text)
    .toBe(formatCredentials(proxy, { format: 'ip-port-user-pass', hostChoice: 'entry' }));
  await expect(chip).toHaveCount(0);
});
