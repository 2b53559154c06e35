/// <reference lib="dom" />
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { hostAndPort } from '../../src/shared/credentials/url-parts';
import { MemoryVault } from '../../src/main/session/memory-vault';
import { createApiServer, type ApiServer } from '../../tools/reference-service/server';
import { CHROMIUM_LAUNCH_OPTIONS, requireChromium } from '../e2e/support/chromium';
import { startHarness, type Harness } from '../../tools/preview/harness-server';
import { median, report } from './measure';
import { buildPopup, RENDERER_DIR } from './popup.bench';

const PLANS_PAINTED = 'proxy-tray:plans-painted';
const CLICKS = 9;
/** The popup reloads plans older than a minute when it opens; younger ones are shown as cached. */
const FRESH_ENOUGH_MS = 30_000;
const TIMEOUT_MS = 120_000;

/**
 * What a change and a load cost in the popup, in Chromium over the browser harness (issue 14): a
 * click on a rotation switch until the switch is painted in its new state, with 10,000 proxies,
 * and a page load until the plan list is painted, with 10,000 and 100,000.
 */
export async function benchPopupChanges(): Promise<void> {
  requireChromium();
  if (!existsSync(join(RENDERER_DIR, 'index.html'))) buildPopup();
  const api = await createApiServer({
    accounts: [
      { username: 'k10', plans: 100, proxiesPerPlan: 100 },
      { username: 'k100', plans: 1_000, proxiesPerPlan: 100 },
    ],
  });
  const browser = await chromium.launch(CHROMIUM_LAUNCH_OPTIONS);
  try {
    await inPopup(browser, api, 'k10', async (page, harness) => {
      report('load_to_list_10k_ms', median(await loadsToList(page, harness, 5)));
      report('toggle_paint_ms_10k', median(await togglePaints(page, harness)));
    });
    await inPopup(browser, api, 'k100', async (page, harness) => {
      report('load_to_list_100k_ms', median(await loadsToList(page, harness, 3)));
    });
  } finally {
    await browser.close();
    await api.close();
  }
}

/** A harness signed in as `username` with its plans loaded, and a popup-sized page. */
async function inPopup(
  browser: Browser,
  api: ApiServer,
  username: string,
  work: (page: Page, harness: Harness) => Promise<void>,
): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), 'proxy-tray-bench-'));
  const harness = await startHarness({
    dataDir,
    vault: new MemoryVault(),
    signIn: { serviceUrl: api.baseUrl, token: api.tokenFor(username) },
  });
  const page = await browser.newPage({ viewport: { width: 380, height: 560 } });
  try {
    // The printed address's key traded for the cookie once, so that no measured load also
    // follows that redirect.
    await page.goto(harness.url);
    // Signing in started the load; every page load below then finds the plans in memory.
    await harness.services.plans.refresh();
    await work(page, harness);
  } finally {
    await page.close();
    await harness.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/**
 * From the start of navigation (the page's time origin) to the first paint of the plan list.
 * Plans gone stale are reloaded beforehand, with no page open, so that no load also waits for a
 * refresh the popup's opening would start.
 */
async function loadsToList(page: Page, harness: Harness, loads: number): Promise<number[]> {
  const times: number[] = [];
  for (let load = 0; load < loads; load += 1) {
    await page.goto('about:blank');
    if (harness.services.plans.age() > FRESH_ENOUGH_MS) await harness.services.plans.refresh();
    await page.goto(`${harness.origin}/`);
    await page.waitForFunction(
      (mark) => performance.getEntriesByName(mark, 'mark').length > 0,
      PLANS_PAINTED,
      { timeout: TIMEOUT_MS },
    );
    times.push(
      await page.evaluate(
        (mark) => performance.getEntriesByName(mark, 'mark')[0]?.startTime ?? Number.NaN,
        PLANS_PAINTED,
      ),
    );
  }
  return times;
}

/**
 * Clicks one rotation switch again and again (the first click a warm-up), each time once the last
 * change has settled; returns click-to-paint of each in ms.
 */
async function togglePaints(page: Page, harness: Harness): Promise<number[]> {
  const name = await changeableSwitchName(page, harness);
  const times: number[] = [];
  for (let click = 0; click <= CLICKS; click += 1) {
    const ms = await clickUntilPainted(page, name);
    if (click > 0) times.push(ms);
    // Settled: the answer is in and the main process no longer shows the change pending.
    await page.waitForFunction(
      (label) =>
        document
          .querySelector(`[role="switch"][aria-label="${CSS.escape(label)}"]`)
          ?.getAttribute('aria-busy') === 'false',
      name,
      { timeout: TIMEOUT_MS },
    );
  }
  return times;
}

/**
 * In the page: the time from the click to the frame after the switch shows its new aria-checked
 * (the rule of the popup's own paint marks). The whole list is watched, not the button alone: a
 * row the list re-creates would take the change with it.
 */
function clickUntilPainted(page: Page, name: string): Promise<number> {
  return page.evaluate(
    ({ label, timeoutMs }) =>
      new Promise<number>((resolve, reject) => {
        const selector = `[role="switch"][aria-label="${CSS.escape(label)}"]`;
        const button = document.querySelector<HTMLElement>(selector);
        if (!button) return reject(new Error(`No switch "${label}" on screen`));
        const before = button.getAttribute('aria-checked');
        const timer = setTimeout(() => reject(new Error(`"${label}" never changed`)), timeoutMs);
        const observer = new MutationObserver(() => {
          if (document.querySelector(selector)?.getAttribute('aria-checked') === before) return;
          observer.disconnect();
          clearTimeout(timer);
          requestAnimationFrame(() => resolve(performance.now() - start));
        });
        observer.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['aria-checked'],
        });
        const start = performance.now();
        button.click();
      }),
    { label: name, timeoutMs: TIMEOUT_MS },
  );
}

/**
 * The name of a switch on screen whose plan accepts changes (a blocked plan's are refused), named
 * as the popup names a row (proxy-title.ts): its label, else its address.
 */
async function changeableSwitchName(page: Page, harness: Harness): Promise<string> {
  const changeable = new Set(
    (harness.services.plans.snapshot().plans ?? [])
      .filter((plan) => !plan.is_blocked)
      .flatMap((plan) => plan.proxies)
      .map((proxy) => proxy.label?.trim() || hostAndPort(proxy.ip, proxy.port)),
  );
  const onScreen = await page
    .locator('[role="listitem"][data-proxy-id]')
    .evaluateAll((rows) => rows.map((row) => row.getAttribute('aria-label') ?? ''));
  const title = onScreen.find((label) => changeable.has(label));
  if (!title) throw new Error('No row of an unblocked plan on screen');
  // A row shows its rotation switch among its controls, opened on demand.
  await page.getByRole('button', { name: `More for ${title}`, exact: true }).click();
  return `Rotation for ${title}`;
}
