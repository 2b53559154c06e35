import type { LocalProxy } from './browser-local-proxy';

export type PrefValue = string | number | boolean;

/**
 * Firefox's preferences for a profile that sends everything through `proxy`. Every proxy field is
 * written, the unused ones emptied, because a kept profile keeps what an earlier user.js set
 * (Firefox copies it to prefs.js): a profile once used over SOCKS must forget it when used over HTTP.
 */
export function firefoxPrefs(
  proxy: LocalProxy,
  options: { proxyLoopback: boolean },
): Map<string, PrefValue> {
  // Firefox wants the bare address, without IPv6 brackets.
  const host = proxy.host.replace(/^\[(.*)\]$/, '$1');
  const http = proxy.protocol === 'http';
  return new Map<string, PrefValue>([
    // 1 = manual proxy configuration.
    ['network.proxy.type', 1],
    ['network.proxy.http', http ? host : ''],
    ['network.proxy.http_port', http ? proxy.port : 0],
    ['network.proxy.ssl', http ? host : ''],
    ['network.proxy.ssl_port', http ? proxy.port : 0],
    ['network.proxy.socks', http ? '' : host],
    ['network.proxy.socks_port', http ? 0 : proxy.port],
    ['network.proxy.socks_version', 5],
    // Names are resolved by the proxy, so that the local resolver learns nothing.
    ['network.proxy.socks_remote_dns', true],
    ['network.proxy.no_proxies_on', ''],
    // Firefox never proxies localhost unless told to; only a local test page needs it.
    ['network.proxy.allow_hijacking_localhost', options.proxyLoopback],
    // WebRTC may otherwise reach out over UDP around the proxy and show the real address.
    ['media.peerconnection.ice.proxy_only_if_behind_proxy', true],
    // No first-run pages, default-browser or data-reporting prompts in front of the IP echo.
    ['browser.shell.checkDefaultBrowser', false],
    ['datareporting.policy.dataSubmissionPolicyBypassNotification', true],
    ['browser.aboutwelcome.enabled', false],
    ['toolkit.telemetry.reportingpolicy.firstRun', false],
    ['startup.homepage_welcome_url', ''],
    ['startup.homepage_welcome_url.additional', ''],
    ['browser.startup.homepage_override.mstone', 'ignore'],
  ]);
}

/**
 * The text of a user.js: one `user_pref(name, value);` a line. Values are JavaScript literals,
 * so strings go through JSON.stringify (quotes, backslashes and line breaks escaped).
 */
export function userJs(prefs: ReadonlyMap<string, PrefValue>): string {
  const lines = ['// Written by Proxy Tray for this browser profile; rewritten at every launch.'];
  for (const [name, value] of prefs) {
    lines.push(`user_pref(${JSON.stringify(name)}, ${JSON.stringify(value)});`);
  }
  return `${lines.join('\n')}\n`;
}
