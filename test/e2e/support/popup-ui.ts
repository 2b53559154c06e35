/// <reference lib="dom" />
import { expect, type Locator, type Page } from '@playwright/test';
import type { ApiServer } from '../../../tools/reference-service/server';
import type { Harness } from '../../../tools/preview/harness-server';
import type { Account, Plan, Proxy } from '../../../tools/reference-service/records';

// Locators and small steps in the words of the UI contract (/tmp/ui-contract.md), so that the
// specs read as what a person does. Names are matched exactly: the contract says they are exact.

export interface ProxyOfAccount {
  proxy: Proxy;
  plan: Plan;
}

/** The live record of a user of the reference service (a test may change it). */
export function accountOf(api: ApiServer, username: string): Account {
  const account = api.store.account(username);
  if (!account) throw new Error(`The reference service has no user ${username}`);
  return account;
}

/** Plans with nothing to warn about (none blocked, expired or expiring), changed in place. */
export function withoutAlerts(plans: Account['plans']): void {
  for (const plan of plans) {
    plan.is_blocked = false;
    plan.expire_date = new Date(Date.now() + 300 * 24 * 60 * 60 * 1000).toISOString();
  }
}

/** A value the test's own setup guarantees; says which one when it is missing. */
export function required<T>(value: T | null | undefined, what: string): T {
  if (value === null || value === undefined) throw new Error(`Missing: ${what}`);
  return value;
}

/** Every proxy of a user of the reference service, in the service's order. */
export function proxiesOf(api: ApiServer, username: string): ProxyOfAccount[] {
  return accountOf(api, username).plans.flatMap((plan) =>
    plan.proxies.map((proxy) => ({ proxy, plan })),
  );
}

/** The first proxy of the user that fits, e.g. one of a plan that is not blocked. */
export function proxyWhere(
  api: ApiServer,
  username: string,
  fits: (entry: ProxyOfAccount) => boolean,
): ProxyOfAccount {
  const found = proxiesOf(api, username).find(fits);
  if (!found) throw new Error(`No proxy of ${username} fits this test`);
  return found;
}

/** A row's title: its label, or ip:port when it has none. */
export function titleOf(proxy: Pick<Proxy, 'ip' | 'port'>, label?: string | null): string {
  return label ? label : `${proxy.ip}:${proxy.port}`;
}

/**
 * An unlabelled proxy's name in a gateway plan, where proxies share one address: told apart by
 * username, first (see proxyTitle).
 */
export function gatewayTitleOf(proxy: Proxy): string {
  return `${proxy.username} @ ${titleOf(proxy)}`;
}

export function searchBox(page: Page): Locator {
  return page.getByRole('searchbox', { name: 'Search proxies', exact: true });
}

/** The row of a proxy; the list is virtual, so it exists only while it is scrolled into view. */
export function rowOf(page: Page, proxyId: number): Locator {
  return page.locator(`[data-proxy-id="${proxyId}"]`);
}

export function planRegion(page: Page, planName: string): Locator {
  return page.getByRole('region', { name: planName, exact: true });
}

/** The live region that counts what the search shows ("N proxies" / "No proxy matches “…”"). */
export function resultCount(page: Page): Locator {
  // The whole text: a notice about hidden proxies is a status too.
  return page
    .getByRole('status')
    .filter({ hasText: /^\s*(\d+ prox(y|ies)|No proxy matches “.*)\s*$/ });
}

/** Brings one proxy's row into the DOM by searching for its username (unique per proxy). */
export async function showProxy(page: Page, proxy: Proxy): Promise<Locator> {
  await searchBox(page).fill(proxy.username);
  const row = rowOf(page, proxy.id);
  await expect(row).toBeVisible();
  return row;
}

/**
 * Opens a row's controls (rotation, interval, label, password, check), which a row shows on
 * demand; returns the row, whose controls can then be found in it.
 */
export async function openControls(row: Locator): Promise<Locator> {
  const more = row.getByRole('button', { name: /^More for / });
  if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await expect(row.getByRole('group', { name: /^Settings of / })).toBeVisible();
  return row;
}

/**
 * The demo account's plans shown, then the controls of a proxy of an open (not blocked) plan:
 * where most tests of a row's settings start. Returns the proxy, its row's title and the row.
 */
export async function controlsOfAnOpenProxy(
  page: Page,
  api: ApiServer,
): Promise<{ proxy: Proxy; title: string; row: Locator }> {
  const shown = await rowOfAnOpenProxy(page, api);
  await openControls(shown.row);
  return shown;
}

/**
 * The demo account's plans shown, then the row of a proxy of an open (not blocked) plan found by
 * search and focused from the search box with ↓: where the keyboard tests of a row start.
 * Returns the proxy, its row's title and the row.
 */
export async function focusedRowOfAnOpenProxy(
  page: Page,
  api: ApiServer,
): Promise<{ proxy: Proxy; title: string; row: Locator }> {
  const shown = await rowOfAnOpenProxy(page, api);
  await searchBox(page).press('ArrowDown');
  await expect(shown.row).toBeFocused();
  return shown;
}

/** The demo account's plans shown, then the row of a proxy of an open (not blocked) plan. */
async function rowOfAnOpenProxy(
  page: Page,
  api: ApiServer,
): Promise<{ proxy: Proxy; title: string; row: Locator }> {
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const { proxy } = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked);
  const row = await showProxy(page, proxy);
  return { proxy, title: titleOf(proxy), row };
}

/** Waits until the signed-in popup shows the account's plans. */
export async function expectPlansShown(page: Page, plans: readonly Plan[]): Promise<void> {
  await expect(searchBox(page)).toBeVisible();
  for (const plan of plans) {
    await expect(page.getByRole('heading', { level: 2, name: plan.name, exact: true })).toHaveCount(
      1,
    );
  }
}

/** Picks an option of a native <select> or of an ARIA combobox, by its visible name. */
export async function chooseOption(control: Locator, optionName: string): Promise<void> {
  const tag = await control.evaluate((element) => element.tagName);
  if (tag === 'SELECT') {
    await control.selectOption({ label: optionName });
    return;
  }
  await control.click();
  await control.page().getByRole('option', { name: optionName, exact: true }).click();
}

/**
 * Whether the text is anywhere a script or a screen reader could read it from the page: text
 * nodes, attribute values, and the current value of form fields.
 */
export async function pageHolds(page: Page, text: string): Promise<boolean> {
  return page.evaluate((needle) => {
    if (document.documentElement.textContent?.includes(needle)) return true;
    for (const element of document.querySelectorAll('*')) {
      for (const attribute of element.attributes) {
        if (attribute.value.includes(needle)) return true;
      }
      if (
        (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) &&
        element.value.includes(needle)
      ) {
        return true;
      }
    }
    return false;
  }, text);
}

/** The text of a field that may be an input (its value) or any other element (its text). */
export async function fieldText(field: Locator): Promise<string> {
  return field.evaluate((element) =>
    element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement
      ? element.value
      : (element.textContent ?? '').trim(),
  );
}

/** The harness's state as the page's host would see it over HTTP. */
export async function harnessState(
  harness: Pick<Harness, 'request'>,
): Promise<{ clipboard: string; hidden: number; quitRequested: number }> {
  const response = await harness.request('/__harness/state');
  return (await response.json()) as { clipboard: string; hidden: number; quitRequested: number };
}
