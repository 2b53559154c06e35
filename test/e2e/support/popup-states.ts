import type { Page } from '@playwright/test';
import { expect } from './popup-fixtures';
import { accountOf, expectPlansShown } from './popup-ui';
import type { ApiServer } from '../../api-server/server';

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
  'plan-actions': async (page, api) => {
    await plans(page, api);
    const name = `Actions for ${firstPlanName(api)}`;
    await page.getByRole('button', { name, exact: true }).click();
    await expect(page.getByRole('menu', { name, exact: true })).toBeVisible();
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
  settings: async (page, api) => {
    await plans(page, api);
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Settings', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Settings', exact: true })).toBeVisible();
  },
  'account-details': async (page, api) => {
    await plans(page, api);
    await page.getByRole('button', { name: 'Account menu', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Account details…', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Account details', exact: true })).toBeVisible();
  },
};

export async function signInForm(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toBeVisible();
}
