import { describe, expect, it } from 'vitest';
import {
  MAX_EXTERNAL_URL_LENGTH,
  decideNavigation,
  decideRedirect,
  decideWindowOpen,
  isAllowedExternalUrl,
  isAppPageUrl,
  isTrustedSenderFrame,
  type NavigationPolicy,
} from '../../../../src/main/shell/popup/navigation-policy';

const appPage = 'app://popup/index.html';
const devPage = 'http://localhost:5173/';

describe('isAppPageUrl', () => {
  it.each([
    [appPage, appPage],
    [`${appPage}#/settings`, appPage],
    [`${appPage}?view=plans`, appPage],
    ['http://localhost:5173/', devPage],
    ['http://localhost:5173', devPage],
    ['http://localhost:5173/#/plans', devPage],
  ])('accepts its own page %s', (url, own) => {
    expect(isAppPageUrl(url, own)).toBe(true);
  });

  it.each([
    // Node gives every app: URL the origin "null": comparing origins would accept these.
    ['app://other/index.html', appPage],
    ['app://popup.evil/index.html', appPage],
    ['app://popup:8080/index.html', appPage],
    ['app://user@popup/index.html', appPage],
    ['app://popup/other.html', appPage],
    ['app://popup/', appPage],
    ['app:popup/index.html', appPage],
    ['evil://popup/index.html', appPage],
    ['file:///index.html', appPage],
    ['file://popup/index.html', appPage],
    ['https://popup/index.html', appPage],
    ['https://localhost:5173/', devPage],
    ['http://localhost:5174/', devPage],
    ['http://127.0.0.1:5173/', devPage],
    ['http://localhost:5173/elsewhere', devPage],
    ['http://user:pw@localhost:5173/', devPage],
    ['app://popup/index.html', devPage],
    ['https://evil.example/', devPage],
    ['javascript:alert(1)', devPage],
    ['not a url', devPage],
  ])('refuses %s', (url, own) => {
    expect(isAppPageUrl(url, own)).toBe(false);
  });
});

describe('isAllowedExternalUrl', () => {
  const allowList = ['proxy.example.com', '*.docs.example.org'];

  it.each([
    'https://proxy.example.com/',
    'https://proxy.example.com/dashboard?plan=3#top',
    'https://PROXY.example.com/billing',
    'https://api.docs.example.org/guide',
    'https://a.b.docs.example.org/',
    'https://proxy.example.com:443/',
  ])('allows %s', (url) => {
    expect(isAllowedExternalUrl(url, allowList)).toBe(true);
  });

  it.each([
    ['plain http', 'http://proxy.example.com/'],
    ['another host', 'https://evil.example/'],
    ['a look-alike suffix', 'https://proxy.example.com.evil.example/'],
    ['a look-alike prefix', 'https://notproxy.example.com/'],
    ['the bare domain of a wildcard', 'https://docs.example.org/'],
    ['credentials', 'https://user:pass@proxy.example.com/'],
    ['a user name', 'https://user@proxy.example.com/'],
    ['a non-default port', 'https://proxy.example.com:8443/'],
    ['a file URL', 'file:///etc/passwd'],
    ['a custom scheme', 'ms-settings:privacy'],
    ['javascript', 'javascript:alert(1)'],
    ['garbage', 'https://'],
    ['an over-long URL', `https://proxy.example.com/${'a'.repeat(MAX_EXTERNAL_URL_LENGTH)}`],
  ])('refuses %s', (_why, url) => {
    expect(isAllowedExternalUrl(url, allowList)).toBe(false);
  });

  it('refuses everything with an empty allow-list or blank entries', () => {
    expect(isAllowedExternalUrl('https://proxy.example.com/', [])).toBe(false);
    expect(isAllowedExternalUrl('https://proxy.example.com/', ['', '  ', '*.'])).toBe(false);
  });

  it('compares host names after IDN normalisation', () => {
    expect(isAllowedExternalUrl('https://bücher.example/', ['xn--bcher-kva.example'])).toBe(true);
  });
});

describe('navigation decisions', () => {
  const policy: NavigationPolicy = {
    appPageUrl: appPage,
    externalAllowList: ['proxy.example.com'],
  };

  it('keeps the popup on its own page', () => {
    expect(decideNavigation(`${appPage}#/settings`, policy)).toBe('allow');
  });

  it('sends a followed link to an allowed site to the browser', () => {
    expect(decideNavigation('https://proxy.example.com/account', policy)).toBe('open-externally');
  });

  it('blocks a link anywhere else', () => {
    expect(decideNavigation('https://evil.example/', policy)).toBe('deny');
    expect(decideNavigation('file:///etc/passwd', policy)).toBe('deny');
  });

  it('lets a redirect proceed only back to its own page, never to the browser', () => {
    expect(decideRedirect(appPage, policy)).toBe('allow');
    expect(decideRedirect('https://proxy.example.com/account', policy)).toBe('deny');
  });

  it('never opens a window: allowed sites go to the browser, the rest nowhere', () => {
    expect(decideWindowOpen('https://proxy.example.com/account', policy)).toBe('open-externally');
    expect(decideWindowOpen(appPage, policy)).toBe('deny');
    expect(decideWindowOpen('https://evil.example/', policy)).toBe('deny');
  });
});

describe('isTrustedSenderFrame', () => {
  const mainFrame = { processId: 7, routingId: 1, url: appPage };

  it('trusts the popup main frame on its own page', () => {
    expect(isTrustedSenderFrame({ ...mainFrame, url: `${appPage}#/x` }, mainFrame, appPage)).toBe(
      true,
    );
  });

  it('distrusts a missing frame, another frame, or another page', () => {
    expect(isTrustedSenderFrame(null, mainFrame, appPage)).toBe(false);
    expect(isTrustedSenderFrame(undefined, mainFrame, appPage)).toBe(false);
    expect(isTrustedSenderFrame({ ...mainFrame, routingId: 2 }, mainFrame, appPage)).toBe(false);
    expect(isTrustedSenderFrame({ ...mainFrame, processId: 8 }, mainFrame, appPage)).toBe(false);
    expect(
      isTrustedSenderFrame({ ...mainFrame, url: 'https://evil.example/' }, mainFrame, appPage),
    ).toBe(false);
  });

  it('distrusts the same frame showing another app: host or a file: page', () => {
    for (const url of ['app://other/index.html', 'file:///index.html', 'data:text/html,hi']) {
      expect(isTrustedSenderFrame({ ...mainFrame, url }, mainFrame, appPage), url).toBe(false);
    }
  });
});
