import { request } from 'node:http';
import type { Page } from '@playwright/test';
import { expect } from './popup-fixtures';
import { accountOf, expectPlansShown, openControls, proxyWhere, showProxy } from './popup-ui';
import type { ApiServer } from '../../../tools/reference-service/server';
import { deadPort } from '../../../tools/local-network/proxy-servers';

// The screens and panels a person can reach, each a step from the signed-in plans screen, shared
// by the accessibility checks and the screenshots so both look at the same states.

export type PopupState = (page: Page, api: ApiServer) => Promise<void>;

async function plans(page: Page, api: ApiServer): Promise<void> {
  await expectPlansShown(page, accountOf(api, 'demo').plans);
}

function firstPlanName(api: ApiServer): string {
  const first = accountOf(api, 'demo').plans[0];
  if (!first) throw new Error('The demo account has no plan');
  return first.name;
}

async function settings(page: Page, api: ApiServer): Promise<void> {
  await plans(page, api);
  await page.getByRole('button', { name: 'Account menu', exact: true }).click();
  await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
}

export const SIGNED_IN_STATES: Record<string, PopupState> = {
  plans,
  'copy-menu': async (page, api) => {
    await plans(page, api);
    await page
      .getByRole('button', { name: /^Copy formats for / })
      .first()
      .click();
    await expect(page.getByRole('menu', { name: 'Copy formats' })).toBeVisible();
  },
  'row-controls': async (page, api) => {
    await plans(page, api);
    await page
      .getByRole('button', { name: /^More for / })
      .first()
      .click();
    await expect(page.getByRole('group', { name: /^Settings of / })).toBeVisible();
  },
  'local-ports': async (page, api) => {
    await plans(page, api);
    await page
      .getByRole('button', { name: /^More for / })
      .first()
      .click();
    await page
      .getByRole('button', { name: /^Open a local port for / })
      .first()
      .click();
    // Done with the row: its controls would cover the section in a short (zoomed) window.
    await page.keyboard.press('Escape');
    const section = page.getByRole('region', { name: 'Local ports', exact: true });
    await section.getByRole('button', { name: /^1 local port/ }).click();
    await section.getByRole('button', { name: /^Settings of 127\.0\.0\.1:/ }).click();
    await expect(section.getByRole('checkbox', { name: 'Keep across restarts' })).toBeVisible();
  },
  'pool-ports': poolPorts,
  'plan-actions': async (page, api) => {
    await plans(page, api);
    const name = `Actions for ${firstPlanName(api)}`;
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page.getByRole('menu', { name, exact: true })).toBeVisible();
  },
  'no-matches': async (page, api) => {
    await plans(page, api);
    await page
      .getByRole('searchbox', { name: 'Search proxies', exact: true })
      .fill('a search that no proxy of this account matches');
    await expect(page.getByRole('button', { name: 'Clear search', exact: true })).toBeVisible();
  },
  alerts: async (page, api) => {
    await plans(page, api);
    const alerts = page.getByRole('region', { name: 'Status', exact: true });
    await alerts.getByRole('button', { expanded: false }).click();
    await expect(alerts.getByRole('listitem').first()).toBeVisible();
  },
  'account-menu': async (page, api) => {
    await plans(page, api);
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    await expect(page.getByRole('menu', { name: 'Account', exact: true })).toBeVisible();
  },
  settings,
  'shortcut-recorder': async (page, api) => {
    await settings(page, api);
    // Recording, with the first keys of the new combination held down.
    const recorder = page.getByRole('textbox', { name: 'Global shortcut', exact: true });
    await recorder.focus();
    await page.keyboard.down('Control');
    await page.keyboard.down('Shift');
    await expect(recorder).toHaveValue('Ctrl+Shift+…');
  },
  'plan-host-choice': async (page, api) => {
    await plans(page, api);
    await page
      .getByRole('button', { name: /^Copy formats for / })
      .first()
      .click();
    await page
      .getByRole('menu')
      .getByRole('menuitemradio', { name: /^Assigned IPv6/ })
      .click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('button', { name: /^Copies assigned IPv6 for / })).toBeVisible();
  },
  'check-summary': async (page, api) => {
    await checkSummary(page, api);
    await page.getByRole('button', { name: /^Check: /, expanded: false }).click();
    await expect(page.locator('#check-summary')).toBeVisible();
  },
  'account-details': async (page, api) => {
    await plans(page, api);
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Account details…', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Account details', exact: true })).toBeVisible();
  },
  'sign-in-again': async (page, api) => {
    await tokenRefused(page, api);
    // Its read-only row controls too: the note that takes the rotation's place, on a row of a plan
    // not blocked, found by search (at 200 % zoom no row is in the first screen).
    const { proxy } = proxyWhere(api, 'demo', (entry) => !entry.plan.is_blocked);
    const row = await openControls(await showProxy(page, proxy));
    await expect(row.getByText(/Sign in again to change rotation/)).toBeVisible();
  },
  'sign-in-again-form': async (page, api) => {
    await tokenRefused(page, api);
    await page.getByRole('button', { name: 'Sign in again', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Sign in again', exact: true })).toBeVisible();
  },
  'sign-out-confirm': async (page, api) => {
    await plans(page, api);
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Sign out', exact: true }).click();
    await expect(page.getByRole('alertdialog')).toBeVisible();
  },
  'toast-kept-label': async (page, api) => {
    await plans(page, api);
    const { proxy } = proxyWhere(api, 'demo', (e) => e.plan.is_blocked);
    const row = await showProxy(page, proxy);
    await openControls(row);
    await row.getByRole('button', { name: /^Edit label for / }).click();
    const field = page.getByRole('textbox', { name: /^Label for / });
    await field.fill('Old office');
    await field.press('Enter');
    const toast = page.getByRole('status').filter({ hasText: 'Label kept on this computer' });
    // Held by the pointer, so that it stays while it is looked at.
    await toast.hover();
    await expect(toast).toBeVisible();
  },
  'toast-colon-warning': async (page, api) => {
    await plans(page, api);
    const { proxy } = proxyWhere(api, 'demo', (e) => !e.plan.is_blocked);
    proxy.password = 'pa:ss:word';
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    const row = await showProxy(page, proxy);
    const warning = page.getByRole('status').filter({ hasText: /contains ':'/ });
    // Until the refreshed listing is in, a copy has nothing to warn about.
    await expect(async () => {
      await row
        .getByRole('button', { name: /^Copy / })
        .first()
        .click();
      await expect(warning).toBeVisible({ timeout: 1000 });
    }).toPass();
    await expect(warning.getByRole('button', { name: 'Copy as URL' })).toBeVisible();
    // The whole list again, with the warning over it (it stays until the clipboard clears).
    await page.getByRole('searchbox', { name: 'Search proxies', exact: true }).fill('');
    await expect(warning).toBeVisible();
  },
};

/**
 * A plan checked against an echo that cannot be reached: the longest summary there is (the echo's
 * message), folded into its chip beside the status filters.
 */
export async function checkSummary(page: Page, api: ApiServer): Promise<void> {
  await settings(page, api);
  const field = page.getByRole('textbox', { name: 'IP echo URL', exact: true });
  await field.fill(`http://127.0.0.1:${await deadPort()}/`);
  await field.press('Enter');
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  const name = `Actions for ${firstPlanName(api)}`;
  await page.getByRole('button', { name, exact: true }).click();
  await page.getByRole('menuitem', { name: /^Check \d+ prox/ }).click();
  await expect(page.getByRole('button', { name: 'Check: Not checked', exact: true })).toBeVisible();
}

/**
 * A pool port over a search, unfolded with its settings and members, some of them benched: the
 * plan's proxies point at a port on this computer that refuses, and one app connection through
 * the pool tries (and benches) a few of them before it gives up.
 */
async function poolPorts(page: Page, api: ApiServer): Promise<void> {
  await plans(page, api);
  const plan = accountOf(api, 'demo').plans.find(
    (candidate) => !candidate.is_blocked && candidate.proxies.length >= 5,
  );
  if (!plan) throw new Error('No open demo plan with five proxies');
  const refusing = await deadPort();
  for (const proxy of plan.proxies) Object.assign(proxy, { ip: '127.0.0.1', port: refusing });
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await page.getByRole('searchbox', { name: 'Search proxies', exact: true }).fill('127.0.0.1');
  const count = plan.proxies.length;
  // The pointed proxies are found once the refreshed listing is in.
  await expect(page.getByRole('status').filter({ hasText: `${count} proxies` })).toBeVisible();
  await page.getByRole('button', { name: 'Actions for the search results', exact: true }).click();
  await page.getByRole('menuitem', { name: `Pool port for these ${count}` }).click();
  const section = page.getByRole('region', { name: 'Local ports', exact: true });
  const entry = section.getByRole('listitem', { name: /pool for Search/ });
  const port = Number(/:(\d+) pool for/.exec((await entry.getAttribute('aria-label')) ?? '')?.[1]);
  await new Promise<void>((resolve) => {
    request({ host: '127.0.0.1', port, path: 'http://127.0.0.1/', agent: false }, (response) => {
      response.resume();
      resolve();
    })
      .on('error', () => resolve())
      .end();
  });
  await entry.getByRole('button', { name: /^Settings and members of / }).click();
  // The members are under the settings, in the section's own scroller: brought into view.
  const benched = entry.getByText(/benched until/).first();
  await benched.scrollIntoViewIfNeeded();
  await expect(benched).toBeVisible();
}

/** The service turns the token down: the plans stay, read-only, under "Sign in again". */
async function tokenRefused(page: Page, api: ApiServer): Promise<void> {
  await plans(page, api);
  api.tokens.revokeAllFor(accountOf(api, 'demo').user.uuid);
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Sign in again', exact: true })).toBeVisible();
}

export async function signInForm(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
}
