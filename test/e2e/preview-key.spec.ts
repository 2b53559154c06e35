/// <reference lib="dom" />
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from './support/popup-fixtures';
import { accountOf, expectPlansShown } from './support/popup-ui';

// The preview answers its own user only: the address it prints carries the run's key, which the
// first visit trades for a cookie. These are the browser's side of it (the routes one by one are
// in test/tools/preview/harness-boundary.test.ts).

const REFUSAL = 'Open the address it printed, with its key.';

test('the printed address opens the popup; the key leaves the address bar for an HttpOnly cookie', async ({
  page,
  api,
  launchHarness,
}) => {
  const harness = await launchHarness({ signInAs: 'demo' });
  await page.goto(harness.url);
  expect(page.url()).toBe(`${harness.origin}/`);
  await expectPlansShown(page, accountOf(api, 'demo').plans);
  const cookies = await page.context().cookies(harness.origin);
  expect(cookies).toEqual([
    expect.objectContaining({
      name: `proxy-tray-preview-${new URL(harness.origin).port}`,
      value: new URL(harness.url).searchParams.get('key'),
      httpOnly: true,
      sameSite: 'Strict',
      path: '/',
    }),
  ]);
  // The page's scripts cannot read it.
  expect(await page.evaluate(() => document.cookie)).toBe('');
  // A reload, now without the key, is still the popup.
  await page.reload();
  await expectPlansShown(page, accountOf(api, 'demo').plans);
});

test('without the key, or with a wrong one, the browser gets a 403 and no popup', async ({
  page,
  launchHarness,
}) => {
  const harness = await launchHarness({ signInAs: 'demo' });
  const key = new URL(harness.url).searchParams.get('key') ?? '';
  for (const address of [
    `${harness.origin}/`,
    `${harness.origin}/?key=${'x'.repeat(key.length)}`,
  ]) {
    const response = await page.goto(address);
    expect(response?.status()).toBe(403);
    await expect(page.locator('body')).toContainText(REFUSAL);
  }
  expect(await page.context().cookies(harness.origin)).toEqual([]);
  expect(harness.connectedPages()).toBe(0);
});

test('a page of another local server gets the cookie sent along, and is still refused', async ({
  page,
  launchHarness,
}) => {
  const harness = await launchHarness({ signInAs: 'demo' });
  await page.goto(harness.url);
  // Another port of 127.0.0.1 is the same site: SameSite=Strict lets the browser send the cookie
  // there. The Origin check behind the key is what stops it.
  const other = await serveBlankPage();
  try {
    await page.goto(`http://127.0.0.1:${(other.address() as AddressInfo).port}/`);
    await page.evaluate(async (target) => {
      await fetch(`${target}/__ipc/settings:update`, {
        method: 'POST',
        mode: 'no-cors',
        credentials: 'include',
        body: JSON.stringify({ input: { browserPath: '/tmp/not-a-browser.sh' } }),
      });
    }, harness.origin);
    expect(harness.services.settings.get().browserPath).toBeNull();
  } finally {
    other.close();
  }
});

async function serveBlankPage(): Promise<Server> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'Content-Type': 'text/html' });
    response.end('<!doctype html><title>another local server</title>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return server;
}
