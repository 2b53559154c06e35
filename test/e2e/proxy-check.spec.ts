import type { Plan, Proxy } from '../../tools/reference-service/records';
import { startEchoServer, type EchoServer } from '../../tools/local-network/echo-server';
import {
  deadPort,
  startHttpProxyAccepting,
  type LocalServer,
} from '../../tools/local-network/proxy-servers';
import type { Locator } from '@playwright/test';
import { expectShownWhole } from './support/layout-checks';
import { expect, test, type Popup } from './support/popup-fixtures';
import {
  accountOf,
  expectPlansShown,
  gatewayTitleOf,
  openControls,
  required,
  resultCount,
  rowOf,
  showProxy,
} from './support/popup-ui';

/**
 * A row's name once the test points proxies at its one local proxy: they share a host and port,
 * so the popup tells them apart by username, as it does a gateway's.
 */
/** Every proxy pointed here keeps its own user name (the search finds it by that) and gets this password. */
const PASSWORD = 'S3cr%t:p@ss/w0rd#';

/** A local echo and a local HTTP proxy with Basic auth, as the provider's proxy would be. */
const servers = test.extend<{ echo: EchoServer; httpProxy: LocalServer }>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern.
  echo: async ({}, use) => {
    const echo = await startEchoServer();
    await use(echo);
    echo.releaseHeld();
    await echo.close();
  },
  // eslint-disable-next-line no-empty-pattern -- as above.
  httpProxy: async ({}, use) => {
    const proxy = await startHttpProxyAccepting((pair) => pair.endsWith(`:${PASSWORD}`));
    await use(proxy);
    await proxy.close();
  },
});

/** Points a proxy of the service at a local server, then has the popup load the change. */
function pointAt(proxy: Proxy, port: number, password = PASSWORD): void {
  Object.assign(proxy, { ip: '127.0.0.1', port, password, assigned_proxy_ipv4: '127.0.0.1' });
}

async function reload(popup: Popup, echoUrl: string): Promise<void> {
  const { page } = popup;
  await popup.show('settings');
  const field = page.getByRole('textbox', { name: 'IP echo URL', exact: true });
  await field.fill(echoUrl);
  await field.press('Enter');
  await expect.poll(() => popup.harness.services.settings.get().checkEchoUrl).toBe(echoUrl);
  await page.getByRole('button', { name: 'Back', exact: true }).click();
  await page.getByRole('button', { name: 'Refresh', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Refresh', exact: true })).toHaveAttribute(
    'aria-busy',
    'false',
  );
}

function usablePlan(popup: Popup): Plan {
  return required(
    accountOf(popup.api, 'demo').plans.find((plan) => !plan.is_blocked && plan.proxies.length >= 3),
    'a demo plan with three proxies',
  );
}

/**
 * A plan's check under way and held: every proxy of a usable plan pointed at the local proxy, the
 * echo holding its answers, the echo's probe let through, and the checks waiting at the echo.
 * Returns the plan.
 */
async function startHeldCheck(
  popup: Popup,
  echo: EchoServer,
  httpProxy: LocalServer,
): Promise<Plan> {
  const { page } = popup;
  await expectPlansShown(page, accountOf(popup.api, 'demo').plans);
  const plan = usablePlan(popup);
  for (const proxy of plan.proxies) pointAt(proxy, httpProxy.port);
  await reload(popup, echo.url('/hold'));
  await page.getByRole('button', { name: `Actions for ${plan.name}`, exact: true }).click();
  await page
    .getByRole('menuitem', { name: `Check ${plan.proxies.length} proxies`, exact: true })
    .click();
  // The echo's probe first, then the checks themselves wait at the echo.
  await expect.poll(() => echo.held).toBe(1);
  echo.releaseHeld();
  await expect.poll(() => httpProxy.sockets.accepted).toBeGreaterThan(0);
  await expect.poll(() => echo.held).toBeGreaterThan(0);
  return plan;
}

servers.describe('proxy check', () => {
  servers(
    'one proxy from its row: working, then a wrong password',
    async ({ popup, echo, httpProxy }) => {
      const { page } = popup;
      await expectPlansShown(page, accountOf(popup.api, 'demo').plans);
      const [working, refused] = usablePlan(popup).proxies;
      if (!working || !refused) throw new Error('unreachable');
      pointAt(working, httpProxy.port);
      pointAt(refused, httpProxy.port, 'not-the-password');
      await reload(popup, echo.url('/'));

      let row = await showProxy(page, working);
      await openControls(row);
      const check = row.getByRole('button', {
        name: `Check ${gatewayTitleOf(working)}`,
        exact: true,
      });
      await check.click();
      await expect(row.getByText(/^\d+ ms ✓$/)).toBeVisible();
      await expect(check).toHaveAccessibleDescription(
        /^Works over HTTP: exits from 127\.0\.0\.1, its assigned IPv4 address; connected in \d+ ms, answered in \d+ ms\.$/,
      );

      row = await showProxy(page, refused);
      await openControls(row);
      await row
        .getByRole('button', { name: `Check ${gatewayTitleOf(refused)}`, exact: true })
        .click();
      await expect(row.getByText('Login refused', { exact: true })).toBeVisible();
      await expect(
        row.getByRole('button', { name: `Check ${gatewayTitleOf(refused)}`, exact: true }),
      ).toHaveAccessibleDescription(/refused the username or password \(HTTP 407\)/);
      // The result stays with the proxy: the first one still shows its time.
      await showProxy(page, working);
      await expect(rowOf(page, working.id).getByText(/^\d+ ms ✓$/)).toBeVisible();
    },
  );

  servers(
    'a whole plan, four at a time, with progress; a dead proxy and another exit IP',
    async ({ popup, echo, httpProxy }) => {
      const { page } = popup;
      await expectPlansShown(page, accountOf(popup.api, 'demo').plans);
      const plan = usablePlan(popup);
      const [dead, elsewhere] = plan.proxies;
      if (!dead || !elsewhere) throw new Error('unreachable');
      for (const proxy of plan.proxies) pointAt(proxy, httpProxy.port);
      dead.port = await deadPort();
      elsewhere.assigned_proxy_ipv4 = '198.51.100.23';
      // The echo holds each answer until released: the run can be watched mid-way.
      await reload(popup, echo.url('/hold'));

      await page.getByRole('button', { name: `Actions for ${plan.name}`, exact: true }).click();
      await page
        .getByRole('menuitem', { name: `Check ${plan.proxies.length} proxies`, exact: true })
        .click();
      const progress = page.getByRole('progressbar', { name: 'Proxy checks', exact: true });
      await expect(progress).toBeVisible();
      // First the echo is asked directly, and it holds that too; no proxy is tried meanwhile.
      await expect.poll(() => echo.held).toBe(1);
      expect(httpProxy.sockets.accepted).toBe(0);
      echo.releaseHeld();
      // The dead one fails at once; four of the others wait at the echo, the rest in the queue.
      await expect.poll(() => echo.held).toBe(Math.min(4, plan.proxies.length - 1));
      await expect(page.getByRole('status').filter({ hasText: 'Checked 1 of' })).toHaveText(
        `Checked 1 of ${plan.proxies.length} proxies · 1 failed`,
      );
      expect(echo.maxHeld).toBeLessThanOrEqual(4);

      while (await progress.isVisible()) {
        echo.releaseHeld();
        await page.waitForTimeout(50);
      }
      expect(echo.maxHeld).toBe(4);
      await expect(progress).toHaveCount(0);
      // The run ends with one line on how it went, until dismissed.
      const summary = page.getByRole('status').filter({ hasText: 'working' });
      await expect(summary).toHaveText(
        new RegExp(
          `^${plan.proxies.length - 1} of ${plan.proxies.length} working · fastest \\d+ ms · 1 on another IP · 1 unreachable$`,
        ),
      );
      await page.getByRole('button', { name: 'Dismiss the check summary', exact: true }).click();
      await expect(summary).toHaveCount(0);
      await page
        .getByRole('searchbox', { name: 'Search proxies', exact: true })
        .fill(dead.username);
      await expect(rowOf(page, dead.id).getByText('Unreachable', { exact: true })).toBeVisible();
      await page
        .getByRole('searchbox', { name: 'Search proxies', exact: true })
        .fill(elsewhere.username);
      await expect(rowOf(page, elsewhere.id).getByText(/^\d+ ms ≠$/)).toBeVisible();

      // Sorted by latency, the plan's rows go fastest first, the dead one last.
      const search = page.getByRole('searchbox', { name: 'Search proxies', exact: true });
      await search.fill('');
      const actions = page.getByRole('button', { name: `Actions for ${plan.name}`, exact: true });
      await actions.click();
      await page.getByRole('menuitem', { name: 'Sort by latency', exact: true }).click();
      const list = page.getByRole('list', { name: `Proxies of ${plan.name}`, exact: true });
      const shownOrder = () =>
        list.locator('[data-proxy-id]').evaluateAll((rows) =>
          [...rows]
            .sort((a, b) => a.getBoundingClientRect().top - b.getBoundingClientRect().top)
            .map((row) => ({
              id: Number(row.getAttribute('data-proxy-id')),
              ms: Number(/(\d+) ms/.exec(row.textContent ?? '')?.[1] ?? Number.NaN),
            })),
        );
      await list.scrollIntoViewIfNeeded();
      const sorted = await shownOrder();
      const times = sorted.map((row) => row.ms).filter((ms) => !Number.isNaN(ms));
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(sorted[0]?.ms).toBe(Math.min(...times));
      // Listed first, the dead proxy has no time: it goes after every proxy that has one.
      expect(sorted[0]?.id).not.toBe(dead.id);
      const firstUntimed = sorted.findIndex((row) => Number.isNaN(row.ms));
      if (firstUntimed >= 0)
        expect(sorted.slice(firstUntimed).every((row) => Number.isNaN(row.ms))).toBe(true);

      // "Copy the fastest" copies the proxy at the top.
      await actions.click();
      await page.getByRole('menuitem', { name: 'Copy the fastest', exact: true }).click();
      const fastest = required(
        plan.proxies.find((proxy) => proxy.id === sorted[0]?.id),
        'the fastest proxy',
      );
      await expect.poll(() => popup.harness.clipboard.text).toContain(fastest.username);
    },
  );

  servers(
    'the summary is a chip on the status filters’ line, unfolded on demand and dismissible',
    async ({ popup, echo, httpProxy }) => {
      const { page } = popup;
      await expectPlansShown(page, accountOf(popup.api, 'demo').plans);
      const plan = usablePlan(popup);
      for (const proxy of plan.proxies) pointAt(proxy, httpProxy.port);
      await reload(popup, echo.url('/'));
      await page.getByRole('button', { name: `Actions for ${plan.name}`, exact: true }).click();
      const total = plan.proxies.length;
      await page.getByRole('menuitem', { name: `Check ${total} proxies`, exact: true }).click();

      const chip = page.getByRole('button', {
        name: `Check: ${total} of ${total} working`,
        exact: true,
      });
      await expect(chip).toHaveAttribute('aria-expanded', 'false');
      // On one line with the filters and the count: the run costs the list no line of its own.
      const middle = async (locator: Locator) => {
        const box = required(await locator.boundingBox(), 'a box');
        return box.y + box.height / 2;
      };
      const filters = page.getByRole('group', { name: 'Filter by status', exact: true });
      const firstFilter = filters.getByRole('button').first();
      expect(await middle(chip)).toBeCloseTo(await middle(firstFilter), 0);
      expect(await middle(chip)).toBeCloseTo(await middle(resultCount(page)), 0);

      // Folded, its words are still read out; unfolded, on screen whole.
      const summary = page.getByRole('status').filter({ hasText: 'working ·' });
      const words = new RegExp(`^${total} of ${total} working · fastest \\d+ ms$`);
      await expect(summary).toHaveText(words);
      await expect(summary).not.toBeInViewport();
      await chip.click();
      await expect(chip).toHaveAttribute('aria-expanded', 'true');
      await expect(summary).toBeInViewport({ ratio: 1 });
      await expectShownWhole(summary);
      await chip.click();
      await expect(summary).not.toBeInViewport();

      await page.getByRole('button', { name: 'Dismiss the check summary', exact: true }).click();
      await expect(chip).toHaveCount(0);
      await expect(summary).toHaveCount(0);
    },
  );

  servers(
    'cancelling a plan’s check stops what is under way',
    async ({ popup, echo, httpProxy }) => {
      const { page } = popup;
      const plan = await startHeldCheck(popup, echo, httpProxy);
      await page.getByRole('button', { name: 'Cancel checks', exact: true }).click();
      await expect(
        page.getByRole('progressbar', { name: 'Proxy checks', exact: true }),
      ).toHaveCount(0);
      await expect.poll(() => echo.held).toBe(0);
      const first = required(plan.proxies[0], 'a first proxy');
      const row = await showProxy(page, first);
      await expect(row.getByText(/ms|Checking|Waiting/)).toHaveCount(0);
      // A cancelled run has no summary.
      await expect(page.getByRole('status').filter({ hasText: 'working' })).toHaveCount(0);
    },
  );

  servers(
    'a running check’s counts are shown whole at 200 % zoom',
    async ({ popup, echo, httpProxy }) => {
      const { page } = popup;
      // 190 × 280 CSS px: what a 380 × 560 popup holds at 200 % page zoom.
      await page.setViewportSize({ width: 190, height: 280 });
      const plan = await startHeldCheck(popup, echo, httpProxy);
      const progress = page.getByRole('status').filter({ hasText: /^Checked \d+ of/ });
      await expect(progress).toContainText(`of ${plan.proxies.length}`);
      await expectShownWhole(progress);
      await page.getByRole('button', { name: 'Cancel checks', exact: true }).click();
    },
  );

  servers(
    'an echo that is down: its own message, no proxy blamed or even tried; then a run that works',
    async ({ popup, echo, httpProxy }) => {
      const { page } = popup;
      await expectPlansShown(page, accountOf(popup.api, 'demo').plans);
      const plan = usablePlan(popup);
      for (const proxy of plan.proxies) pointAt(proxy, httpProxy.port);
      const downPort = await deadPort();
      await reload(popup, `http://127.0.0.1:${downPort}/`);

      const checkPlan = async () => {
        await page.getByRole('button', { name: `Actions for ${plan.name}`, exact: true }).click();
        await page
          .getByRole('menuitem', { name: `Check ${plan.proxies.length} proxies`, exact: true })
          .click();
      };
      await checkPlan();
      const echoDown = `The IP echo service 127.0.0.1:${downPort} could not be reached from this computer (connection refused), so no proxy was checked. Check your connection or choose another echo in Settings.`;
      await expect(page.getByRole('status').filter({ hasText: 'IP echo service' })).toHaveText(
        echoDown,
      );
      expect(httpProxy.sockets.accepted).toBe(0);
      const first = required(plan.proxies[0], 'a first proxy');
      const row = await showProxy(page, first);
      await expect(row.getByText('Echo unreachable', { exact: true })).toBeVisible();
      await openControls(row);
      await expect(
        row.getByRole('button', { name: `Check ${gatewayTitleOf(first)}`, exact: true }),
      ).toHaveAccessibleDescription(echoDown);

      // The next run's summary replaces it.
      await page.getByRole('searchbox', { name: 'Search proxies', exact: true }).fill('');
      await reload(popup, echo.url('/'));
      await checkPlan();
      await expect(page.getByRole('status').filter({ hasText: 'working' })).toHaveText(
        new RegExp(`^${plan.proxies.length} of ${plan.proxies.length} working · fastest \\d+ ms$`),
      );
      await expect(page.getByRole('status').filter({ hasText: 'IP echo service' })).toHaveCount(0);
    },
  );
});
