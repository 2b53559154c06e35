import { describe, expect, it } from 'vitest';
import { firefoxPrefs, userJs } from '../../../src/main/browser/browser-firefox-prefs';
import { parseUserJs } from './browser-user-js';

const QUIET = {
  'browser.shell.checkDefaultBrowser': false,
  'datareporting.policy.dataSubmissionPolicyBypassNotification': true,
  'browser.aboutwelcome.enabled': false,
  'toolkit.telemetry.reportingpolicy.firstRun': false,
  'startup.homepage_welcome_url': '',
  'startup.homepage_welcome_url.additional': '',
  'browser.startup.homepage_override.mstone': 'ignore',
  'media.peerconnection.ice.proxy_only_if_behind_proxy': true,
};

function written(...args: Parameters<typeof firefoxPrefs>) {
  return Object.fromEntries(parseUserJs(userJs(firefoxPrefs(...args))));
}

describe("a Firefox profile's user.js", () => {
  it('sends http and https through an HTTP local port, and forgets any SOCKS proxy', () => {
    expect(
      written({ protocol: 'http', host: '127.0.0.1', port: 8080 }, { proxyLoopback: false }),
    ).toEqual({
      'network.proxy.type': 1,
      'network.proxy.http': '127.0.0.1',
      'network.proxy.http_port': 8080,
      'network.proxy.ssl': '127.0.0.1',
      'network.proxy.ssl_port': 8080,
      'network.proxy.socks': '',
      'network.proxy.socks_port': 0,
      'network.proxy.socks_version': 5,
      'network.proxy.socks_remote_dns': true,
      'network.proxy.no_proxies_on': '',
      'network.proxy.allow_hijacking_localhost': false,
      ...QUIET,
    });
  });

  it('sends everything through a SOCKS5 local port, names resolved by the proxy', () => {
    expect(
      written({ protocol: 'socks5', host: '[::1]', port: 1080 }, { proxyLoopback: true }),
    ).toEqual({
      'network.proxy.type': 1,
      'network.proxy.http': '',
      'network.proxy.http_port': 0,
      'network.proxy.ssl': '',
      'network.proxy.ssl_port': 0,
      'network.proxy.socks': '::1',
      'network.proxy.socks_port': 1080,
      'network.proxy.socks_version': 5,
      'network.proxy.socks_remote_dns': true,
      'network.proxy.no_proxies_on': '',
      'network.proxy.allow_hijacking_localhost': true,
      ...QUIET,
    });
  });

  it('escapes string values, so that none can end its line or start another pref', () => {
    const hostile = 'x"); user_pref("network.proxy.type", 0); //\n\\';
    const text = userJs(new Map([['a.b', hostile]]));
    expect(text.trimEnd().split('\n')).toHaveLength(2);
    expect(parseUserJs(text)).toEqual(new Map([['a.b', hostile]]));
  });
});
