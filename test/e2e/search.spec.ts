import type { Page } from '@playwright/test';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  proxiesOf,
  proxyWhere,
  required,
  resultCount,
  searchBox,
  type ProxyOfAccount,
} from './support/popup-ui';

const LABEL = 'Zebra Office';

/** The contract's rule: case-insensitive substring of label, ip, port, username or plan name. */
function expectedIds(entries: ProxyOfAccount[], labels: Map<number, string>, query: string) {
  const needle = query.toLowerCase();
  return entries
    .filter(({ proxy, plan }) =>
      [labels.get(proxy.id) ?? '', proxy.ip, String(proxy.port), proxy.username, plan.name].some(
        (field) => field.toLowerCase().includes(needle),
      ),
    )
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
  await expect(resultCount(page)).toHaveText(/No proxies match “no-such-proxy”/);
  expect(await idsInDom(page)).toEqual([]);

  // Esc clears a search that is not empty, and every proxy is back.
  await searchBox(page).press('Escape');
  await expect(searchBox(page)).toHaveValue('');
  await expect(resultCount(page)).toHaveText(new RegExp(`^\\s*${entries.length} proxies\\s*$`));
  expect(harness.shell.hidden).toBe(0);
});
