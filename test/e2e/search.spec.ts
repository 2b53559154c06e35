import type { Page } from '@playwright/test';
import { formatCredentials } from '../../src/shared/credentials';
import { startEchoServer } from '../../tools/local-network/echo-server';
import { deadPort } from '../../tools/local-network/proxy-servers';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  planRegion,
  proxiesOf,
  proxyWhere,
  required,
  resultCount,
  rowOf,
  searchBox,
  type ProxyOfAccount,
} from './support/popup-ui';

const LABEL = 'Zebra Office';

/**
 * The contract's rule: every word of the query (a `"quoted phrase"` is one) is found,
 * case-insensitively, in one of the proxy's fields (label, ip, port, ip:port, username, exit IPs)
 * or in its plan's name; `is:rotating` keeps only rotating proxies.
 */
function expectedIds(entries: ProxyOfAccount[], labels: Map<number, string>, query: string) {
  const rotatingOnly = /(^|\s)is:rotating(\s|$)/i.test(query);
  const words = [
    ...query.replace(/(^|\s)is:rotating(?=\s|$)/gi, ' ').matchAll(/"([^"]*)"?|[^\s"]+/g),
  ]
    .map(([whole, phrase]) => (phrase ?? whole).trim().toLowerCase())
    .filter((word) => word !== '');
  return entries
    .filter(({ proxy, plan }) => {
      if (rotatingOnly && proxy.is_rotating !== true) return false;
      const fields = [
        labels.get(proxy.id) ?? '',
        `${proxy.ip}:${proxy.port}`,
        proxy.username,
        proxy.assigned_proxy_ipv4,
        proxy.assigned_proxy_ipv6,
        plan.name,
      ].map((field) => field.toLowerCase());
      return words.every((word) => fields.some((field) => field.includes(word)));
    })
    .map(({ proxy }) => proxy.id);
}

async function idsInDom(page: Page): Promise<number[]> {
  const ids = await page
    .locator('[data-proxy-id]')
    .evaluateAll((rows) => rows.map((row) => Number(row.getAttribute('data-proxy-id'))));
  return [...new Set(ids)];
}

test('search filters by label, IP, port, username and plan name', async ({ popup }) => {
  const { page, api, harness } = popup;
  const entries = proxiesOf(api, 'demo');
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const labelled = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked).proxy;
  await harness.services.plans.setLabel(labelled.id, LABEL);
  const labels = new Map([[labelled.id, LABEL]]);
  const sample = required(entries[9], 'a 10th proxy');

  const queries: [string, string][] = [
    ['label', 'zebra'],
    ['IP', sample.proxy.ip],
    ['port', String(sample.proxy.port)],
    ['username', sample.proxy.username.toUpperCase()],
    ['plan name', sample.plan.name.toLowerCase()],
  ];
  for (const [field, query] of queries) {
    const expected = expectedIds(entries, labels, query);
    expect(expected.length, `the ${field} query finds something`).toBeGreaterThan(0);
    await searchBox(page).fill(query);
    await expect(resultCount(page), `by ${field}`).toHaveText(
      new RegExp(`^\\s*${expected.length} prox(y|ies)\\s*$`),
    );
    const shown = await idsInDom(page);
    expect(shown.length, `rows shown for the ${field} query`).toBeGreaterThan(0);
    expect(expected, `only matching rows for the ${field} query`).toEqual(
      expect.arrayContaining(shown),
    );
    expect(shown, `the first match is shown for the ${field} query`).toContain(expected[0]);
  }

  await searchBox(page).fill('no-such-proxy');
  await expect(resultCount(page)).toHaveText(/No proxy matches “no-such-proxy”/);
  expect(await idsInDom(page)).toEqual([]);

  // Esc clears a search that is not empty, and every proxy is back.
  await searchBox(page).press('Escape');
  await expect(searchBox(page)).toHaveValue('');
  await expect(resultCount(page)).toHaveText(new RegExp(`^\\s*${entries.length} proxies\\s*$`));
  expect(harness.shell.hidden).toBe(0);
});

/** Searches, then checks the count and that only (and the first of) the expected rows show. */
async function expectSearchFinds(page: Page, query: string, expected: number[]): Promise<void> {
  await searchBox(page).fill(query);
  await expect(resultCount(page), query).toHaveText(countText(expected.length));
  const shown = await idsInDom(page);
  expect(expected, `only matching rows for “${query}”`).toEqual(expect.arrayContaining(shown));
  expect(shown, `the first match of “${query}” is shown`).toContain(expected[0]);
}

test('several words find the proxies that have each of them, in any field or the plan name', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  const entries = proxiesOf(api, 'demo');
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const labelled = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked);
  await harness.services.plans.setLabel(labelled.proxy.id, LABEL);
  const labels = new Map([[labelled.proxy.id, LABEL]]);
  const sample = required(entries[9], 'a 10th proxy');
  const [planWord = '', secondPlanWord = ''] = sample.plan.name.split(' ');
  const labelledPlanWord = required(labelled.plan.name.split(' ')[0], 'a word of the plan name');

  const queries = [
    // "Mobile 10": a word of the plan's name and the port.
    `${planWord} ${sample.proxy.port}`,
    `${sample.proxy.port} ${planWord.toUpperCase()}`,
    // A word of the label and a word of the plan's name.
    `zebra ${labelledPlanWord}`,
    `${labelledPlanWord.toLowerCase()} office`,
    // Two words of the plan's name, and the same as a quoted phrase.
    `${planWord} ${secondPlanWord}`,
    `"${planWord} ${secondPlanWord}"`,
    // Filters with words.
    `is:rotating ${planWord}`,
    `${planWord} is:rotating ${secondPlanWord}`,
  ];
  for (const query of queries) {
    const expected = expectedIds(entries, labels, query);
    expect(expected.length, `“${query}” finds something`).toBeGreaterThan(0);
    await expectSearchFinds(page, query, expected);
  }
  // The label's words and another plan's name: no single proxy has both.
  const otherPlan = required(
    accountOf(api, 'demo').plans.find(
      (plan) => !plan.name.toLowerCase().includes('zebra') && plan.id !== labelled.plan.id,
    ),
    'another plan',
  );
  const across = `zebra "${otherPlan.name}"`;
  expect(expectedIds(entries, labels, across)).toEqual([]);
  await searchBox(page).fill(across);
  await expect(resultCount(page)).toHaveText(`No proxy matches “${across}”`);
});

test('an empty result says what found nothing, in full, and one click clears the search', async ({
  popup,
}) => {
  const { page, api } = popup;
  const entries = proxiesOf(api, 'demo');
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const query = 'a-query-long-enough-to-need-more-than-one-line-of-the-popup nothing-has-it';
  await searchBox(page).fill(query);
  // The paragraph shown, not the live region that says the same to screen readers.
  const message = page
    .getByText(`No proxy matches “${query}”`, { exact: true })
    .and(page.getByRole('paragraph'));
  await expect(message).toBeVisible();
  expect(await idsInDom(page)).toEqual([]);
  // Wrapped, not cut: nothing of it overflows its box, and it stays inside the window.
  const overflow = await message.evaluate((element) => element.scrollWidth - element.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  const box = required(await message.boundingBox(), 'the message’s box');
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()?.width ?? 0);

  // The click takes the focus off the box: the clear puts the cursor back in it.
  await page.getByRole('button', { name: 'Clear search', exact: true }).click();
  await expect(searchBox(page)).toHaveValue('');
  await expect(searchBox(page)).toBeFocused();
  await expect(resultCount(page)).toHaveText(countText(entries.length));
  await expect(message).toHaveCount(0);
});

/** What a row's Copy puts on the clipboard with the default settings. */
function defaultCopy(proxy: ProxyOfAccount['proxy']): string {
  return formatCredentials(proxy, { format: 'ip-port-user-pass', hostChoice: 'entry' });
}

function countText(count: number): RegExp {
  return new RegExp(`^\\s*${count} prox(y|ies)\\s*$`);
}

test('Enter in the search copies the first match; opened by the shortcut, it and a row’s Enter hide the popup', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const labelled = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked).proxy;
  await harness.services.plans.setLabel(labelled.id, LABEL);

  // The tray's click, type, Enter: the credentials are on the clipboard, and the popup stays.
  await popup.show();
  await expect(searchBox(page)).toBeFocused();
  await page.keyboard.type('zebra');
  await expect(resultCount(page)).toHaveText(countText(1));
  await page.keyboard.press('Enter');
  await expect.poll(() => harness.clipboard.text).toBe(defaultCopy(labelled));
  await expect(page.getByText('Copied', { exact: false }).first()).toBeVisible();
  expect(harness.shell.hidden).toBe(0);

  // Nothing matches: nothing is copied, and a polite status says so.
  await searchBox(page).fill('no-such-proxy');
  await searchBox(page).press('Enter');
  await expect(page.getByRole('status').filter({ hasText: /^No proxy matches$/ })).toHaveText(
    'No proxy matches',
  );
  expect(harness.clipboard.text).toBe(defaultCopy(labelled));
  expect(harness.shell.hidden).toBe(0);

  // Opened by the shortcut ("Hide the popup after copying" is on by default), the first match
  // by username, copied from the box: then the popup hides.
  const shortcut = required(harness.services.settings.get().globalHotkey, 'a shortcut');
  harness.shortcuts.press(shortcut);
  const other = required(
    proxiesOf(api, 'demo').find((e) => !e.plan.is_blocked && e.proxy.id !== labelled.id),
    'a second proxy',
  ).proxy;
  await searchBox(page).fill(other.username);
  await expect(rowOf(page, other.id)).toBeVisible();
  await searchBox(page).press('Enter');
  await expect.poll(() => harness.clipboard.text).toBe(defaultCopy(other));
  await expect.poll(() => harness.shell.hidden).toBe(1);

  // A row's own Enter hides alike.
  harness.shortcuts.press(shortcut);
  await searchBox(page).fill('zebra');
  await expect(rowOf(page, labelled.id)).toBeVisible();
  await searchBox(page).press('ArrowDown');
  await expect
    .poll(() =>
      page.evaluate(() =>
        document.activeElement?.closest('[data-proxy-id]')?.getAttribute('data-proxy-id'),
      ),
    )
    .toBe(String(labelled.id));
  await page.keyboard.press('Enter');
  await expect.poll(() => harness.clipboard.text).toBe(defaultCopy(labelled));
  await expect.poll(() => harness.shell.hidden).toBe(2);
});

test('search finds a proxy by its assigned exit IPv4 or IPv6 address', async ({ popup }) => {
  const { page, api } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const entries = proxiesOf(api, 'demo');
  const { proxy } = required(entries[7], 'an 8th proxy');
  for (const address of [proxy.assigned_proxy_ipv4, proxy.assigned_proxy_ipv6]) {
    const expected = entries.filter(({ proxy: p }) =>
      [p.assigned_proxy_ipv4, p.assigned_proxy_ipv6, `${p.ip}:${p.port}`].some((field) =>
        field.toLowerCase().includes(address.toLowerCase()),
      ),
    );
    await searchBox(page).fill(address);
    await expect(resultCount(page), address).toHaveText(countText(expected.length));
    await expect(rowOf(page, proxy.id)).toBeVisible();
  }
});

test('status chips write is: words into the box; is:blocked shows only the blocked plan', async ({
  popup,
}) => {
  const { page, api } = popup;
  const plans = accountOf(api, 'demo').plans;
  await expectPlansShown(page, plans);
  const blocked = required(
    plans.find((plan) => plan.is_blocked),
    'a blocked plan',
  );
  const chips = page.getByRole('group', { name: 'Filter by status', exact: true });
  const blockedChip = chips.getByRole('button', { name: 'Blocked', exact: true });
  await expect(blockedChip).toHaveAttribute('aria-pressed', 'false');

  await blockedChip.click();
  await expect(searchBox(page)).toHaveValue('is:blocked');
  await expect(blockedChip).toHaveAttribute('aria-pressed', 'true');
  await expect(resultCount(page)).toHaveText(countText(blocked.proxies.length));
  await expect(planRegion(page, blocked.name)).toBeVisible();
  const shown = await idsInDom(page);
  expect(shown.length).toBeGreaterThan(0);
  expect(blocked.proxies.map((p) => p.id)).toEqual(expect.arrayContaining(shown));
  for (const plan of plans.filter((p) => !p.is_blocked)) {
    await expect(planRegion(page, plan.name)).toBeHidden();
  }

  // Combined with a chip and with text typed in the box: rotating proxies of the blocked plan.
  await chips.getByRole('button', { name: 'Rotating', exact: true }).click();
  await expect(searchBox(page)).toHaveValue('is:blocked is:rotating');
  const rotating = blocked.proxies.filter((p) => p.is_rotating);
  await expect(resultCount(page)).toHaveText(
    rotating.length === 0 ? /No proxy matches/ : countText(rotating.length),
  );
  const one = required(blocked.proxies[0], 'a proxy of the blocked plan');
  await searchBox(page).fill(`${one.username} is:blocked`);
  await expect(resultCount(page)).toHaveText(countText(1));
  await expect(chips.getByRole('button', { name: 'Rotating', exact: true })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  // Pressed again, the chip takes its word out and leaves the text.
  await blockedChip.focus();
  await page.keyboard.press('Enter');
  await expect(searchBox(page)).toHaveValue(one.username);
  await expect(blockedChip).toHaveAttribute('aria-pressed', 'false');
  await searchBox(page).fill('');
  await expect(resultCount(page)).toHaveText(countText(proxiesOf(api, 'demo').length));
});

test('is:failing shows a proxy once its check fails', async ({ popup }) => {
  const { page, api, harness } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const echo = await startEchoServer();
  try {
    const { proxy: dead } = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked);
    Object.assign(dead, { ip: '127.0.0.1', port: await deadPort() });
    harness.services.settings.update({ checkEchoUrl: echo.url('/') });
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toHaveAttribute(
      'aria-busy',
      'false',
    );

    await searchBox(page).fill('is:failing');
    await expect(resultCount(page)).toHaveText('No proxy matches “is:failing”');
    harness.services.checks.start([dead.id]);
    await expect(resultCount(page)).toHaveText(countText(1));
    await expect(rowOf(page, dead.id)).toBeVisible();
  } finally {
    await echo.close();
  }
});
