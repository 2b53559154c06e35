import { readFile } from 'node:fs/promises';
import type { Download, Page } from '@playwright/test';
import { formatCredentials } from '../../src/shared/credentials';
import { EXPORT_KIND_NAMES } from '../../src/shared/export/export-kinds';
import { parseCsv } from '../support/parse-csv';
import { expect, test } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  openControls,
  proxyWhere,
  searchBox,
  showProxy,
  titleOf,
} from './support/popup-ui';

/** Picks an export from a menu of actions and returns the file the browser downloaded. */
async function exportVia(
  page: Page,
  menuName: string,
  item: string,
): Promise<{ name: string; text: string }> {
  const menuItem = page.getByRole('menuitem', { name: item, exact: true });
  // Opened until its item shows: a click right after the previous export can land while the
  // list redraws for that export's notice and open nothing (seen once in a CI run).
  await expect(async () => {
    if (!(await menuItem.isVisible())) {
      await page.getByRole('button', { name: menuName, exact: true }).click();
    }
    await expect(menuItem).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  const downloading = page.waitForEvent('download');
  await menuItem.click();
  const download: Download = await downloading;
  const path = await download.path();
  return { name: download.suggestedFilename(), text: await readFile(path, 'utf8') };
}

test.describe('export', () => {
  test('a plan’s proxies as lines in a chosen copy format, with the password warning shown', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const plans = accountOf(api, 'demo').plans;
    await expectPlansShown(page, plans);
    const plan = plans.find((candidate) => !candidate.is_blocked && candidate.proxies.length > 0);
    if (!plan) throw new Error('The demo account needs a plan with proxies');

    await page.getByRole('button', { name: `Actions for ${plan.name}`, exact: true }).click();
    await expect(
      page.getByText('The file will contain the proxies’ passwords in plain text.', {
        exact: false,
      }),
    ).toBeVisible();
    await page.keyboard.press('Escape');

    const file = await exportVia(page, `Actions for ${plan.name}`, 'username:password@ip:port');
    expect(file.name).toBe(`${plan.name}.txt`);
    expect(file.text).toBe(
      plan.proxies
        .map(
          (proxy) =>
            `${formatCredentials(proxy, { format: 'user-pass-at-ip-port', hostChoice: 'entry' })}\n`,
        )
        .join(''),
    );
    await expect(
      page.getByText(`Saved ${plan.proxies.length} proxies to ${plan.name}.txt`),
    ).toBeVisible();
  });

  test('CSV holds every field and the label, quoted; JSON the same records', async ({ popup }) => {
    const { page, api } = popup;
    await expectPlansShown(page, accountOf(api, 'demo').plans);
    const { proxy, plan } = proxyWhere(api, 'demo', (entry) => !entry.plan.is_blocked);
    const title = titleOf(proxy);
    const row = await showProxy(page, proxy);
    await openControls(row);
    await row.getByRole('button', { name: `Edit label for ${title}`, exact: true }).click();
    const label = '=Shop, "EU"';
    const field = page.getByRole('textbox', { name: `Label for ${title}`, exact: true });
    await field.fill(label);
    await field.press('Enter');
    await expect.poll(() => api.store.proxyState(proxy.id)?.label).toBe(label);
    await searchBox(page).fill('');

    const csv = await exportVia(page, `Actions for ${plan.name}`, EXPORT_KIND_NAMES.csv);
    expect(csv.name).toBe(`${plan.name}.csv`);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe(
      'plan_id,plan_name,id,label,ip,port,username,password,assigned_proxy_ipv4,assigned_proxy_ipv6,is_rotating,rotate_interval,plan_ip_class',
    );
    expect(lines).toHaveLength(plan.proxies.length + 2);
    // Quotes doubled, the comma kept inside quotes, and a leading = in the label (free text)
    // made harmless for spreadsheets.
    expect(lines.find((line) => line.includes(`,${proxy.id},`))).toContain(
      `,${proxy.id},"'=Shop, ""EU""",${proxy.ip},${proxy.port},`,
    );
    // Credentials and addresses exactly as listed: tools import this file to log in.
    const [header = [], ...rows] = parseCsv(csv.text);
    const column = (name: string) => header.indexOf(name);
    expect(
      rows.map((row) => [row[column('ip')], row[column('username')], row[column('password')]]),
    ).toEqual(plan.proxies.map((listed) => [listed.ip, listed.username, listed.password]));

    const sheet = await exportVia(
      page,
      `Actions for ${plan.name}`,
      EXPORT_KIND_NAMES['csv-spreadsheet'],
    );
    expect(sheet.name).toBe(`${plan.name}.csv`);
    // For spreadsheets: no field of any row starts like a formula.
    const sheetRows = parseCsv(sheet.text);
    expect(sheetRows.flat().filter((field) => /^[=+\-@\t\r]/.test(field))).toEqual([]);
    expect(sheetRows).toHaveLength(plan.proxies.length + 1);

    const json = await exportVia(page, `Actions for ${plan.name}`, 'JSON');
    const records = JSON.parse(json.text) as {
      id: number;
      label: string | null;
      password: string;
    }[];
    expect(records.map((record) => record.id)).toEqual(plan.proxies.map((p) => p.id));
    const labelled = records.find((record) => record.id === proxy.id);
    expect(labelled).toMatchObject({ label, password: proxy.password });
  });

  test('the menu offers both CSV kinds, each named for what it does to values', async ({
    popup,
  }) => {
    const { page, api } = popup;
    const plans = accountOf(api, 'demo').plans;
    await expectPlansShown(page, plans);
    const plan = plans.find((candidate) => candidate.proxies.length > 0);
    if (!plan) throw new Error('The demo account needs a plan with proxies');
    await page.getByRole('button', { name: `Actions for ${plan.name}`, exact: true }).click();
    const group = page.getByRole('group', { name: 'Export every field and label', exact: true });
    await expect(group.getByRole('menuitem')).toHaveText([
      'CSV, exact values (for importing into tools)',
      "CSV for spreadsheets (formulas neutralised: values starting with = + - @ get a ')",
      'JSON',
    ]);
  });

  test('the search results across plans, named "proxies"', async ({ popup }) => {
    const { page, api } = popup;
    const plans = accountOf(api, 'demo').plans;
    await expectPlansShown(page, plans);
    const first = plans.find((plan) => plan.proxies.length > 0);
    const a = first?.proxies[0];
    if (!a) throw new Error('A plan with proxies is needed');
    await searchBox(page).fill(a.username);
    const one = await exportVia(page, 'Actions for the search results', 'JSON');
    expect((JSON.parse(one.text) as { id: number }[]).map((record) => record.id)).toEqual([a.id]);
    expect(one.name).toBe(`${first?.name}.json`);

    // Usernames are <user>_p<id>: the prefix matches proxies of every plan.
    const query = 'demo_p';
    const matched = plans.flatMap((plan) =>
      plan.proxies
        .filter((proxy) => proxy.username.includes(query))
        .map((proxy) => ({ proxy, plan })),
    );
    expect(new Set(matched.map(({ plan }) => plan.id)).size).toBeGreaterThan(1);
    await searchBox(page).fill(query);
    const several = await exportVia(page, 'Actions for the search results', 'JSON');
    expect(several.name).toBe('proxies.json');
    expect((JSON.parse(several.text) as { id: number }[]).map((record) => record.id)).toEqual(
      matched.map(({ proxy }) => proxy.id),
    );
  });
});
