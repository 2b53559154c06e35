import { describe, expect, it } from 'vitest';
import { chromiumChoice, chromiumLaunchOptions, requireChromium } from '../e2e/support/chromium';

// Which Chromium the popup tests (npm run test:e2e) drive: Debian's here, Playwright's own on
// GitHub's runners (PROXY_TRAY_CHROMIUM=playwright), or any path.

describe('choosing the Chromium of the popup tests', () => {
  it("takes Debian's /usr/bin/chromium unless told otherwise", () => {
    expect(chromiumChoice({})).toEqual({ kind: 'path', path: '/usr/bin/chromium' });
    expect(chromiumChoice({ PROXY_TRAY_CHROMIUM: '' })).toEqual({
      kind: 'path',
      path: '/usr/bin/chromium',
    });
    expect(chromiumLaunchOptions(chromiumChoice({})).executablePath).toBe('/usr/bin/chromium');
  });

  it('lets Playwright find its own download: no executablePath', () => {
    const choice = chromiumChoice({ PROXY_TRAY_CHROMIUM: 'playwright' });
    expect(choice).toEqual({ kind: 'playwright' });
    const options = chromiumLaunchOptions(choice);
    expect(options).not.toHaveProperty('executablePath');
    expect(options.args).toContain('--no-sandbox');
  });

  it('takes any other value as the path of the executable', () => {
    const choice = chromiumChoice({ PROXY_TRAY_CHROMIUM: '/opt/chrome/chrome' });
    expect(chromiumLaunchOptions(choice).executablePath).toBe('/opt/chrome/chrome');
  });

  it('refuses a missing browser and says how to get it', () => {
    expect(() => requireChromium({ kind: 'path', path: '/nowhere/chromium' })).toThrow(
      'Chromium is missing at /nowhere/chromium, the path PROXY_TRAY_CHROMIUM names.',
    );
  });
});
