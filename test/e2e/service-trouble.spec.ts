import type { Page } from '@playwright/test';
import { DEFAULT_MAX_RETRIES } from '../../src/main/api/proxy-service-client';
import { expect, test } from './support/popup-fixtures';
import { accountOf, expectPlansShown, planRegion } from './support/popup-ui';

function refresh(page: Page) {
  return page.getByRole('button', { name: 'Refresh', exact: true }).click();
}

test('the service goes down: a refresh keeps the last plans and shows the offline banner', async ({
  popup,
}) => {
  const { page, api, harness } = popup;
  const demo = accountOf(api, 'demo');
  await expectPlansShown(page, demo.plans);

  await api.close();
  await refresh(page);

  await expect(
    page.getByRole('status').filter({ hasText: /Offline — showing data from/ }),
  ).toBeVisible();
  expect(harness.services.plans.snapshot().error?.kind).toBe('network');
  for (const plan of demo.plans) await expect(planRegion(page, plan.name)).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Sign in', exact: true })).toHaveCount(0);
});

test('a passing 429 is retried and the refresh succeeds without a word to the user', async ({
  popup,
}) => {
  const { page, api } = popup;
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  api.requestLog.clear();
  api.faults.add({ path: '/users/plans', status: 429, headers: { 'Retry-After': '0' }, times: 2 });

  await refresh(page);

  await expect.poll(() => api.requestLog.count({ method: 'GET', path: '/users/plans' })).toBe(3);
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).not.toHaveAttribute(
    'aria-busy',
    'true',
  );
  await expect(page.getByText(/limiting requests/)).toHaveCount(0);
});

test('a 429 that persists is retried, then reported to the user', async ({ popup }) => {
  const { page, api, harness } = popup;
  const demo = accountOf(api, 'demo');
  await expectPlansShown(page, demo.plans);
  api.requestLog.clear();
  api.faults.add({ path: '/users/plans', status: 429, headers: { 'Retry-After': '0' }, times: 10 });

  await refresh(page);

  // Contract: a failed refresh shows its message (role "status" banner); the brief calls it a
  // toast (role "alert"). Either is a report the user sees.
  const report = page
    .getByRole('alert')
    .or(page.getByRole('status'))
    .filter({ hasText: /limiting requests/ });
  await expect(report.first()).toBeVisible();
  expect(api.requestLog.count({ method: 'GET', path: '/users/plans' })).toBe(
    1 + DEFAULT_MAX_RETRIES,
  );
  expect(harness.services.plans.snapshot().error?.kind).toBe('rate_limited');
  for (const plan of demo.plans) await expect(planRegion(page, plan.name)).toHaveCount(1);
});
