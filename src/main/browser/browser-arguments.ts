import type { BrowserKind } from './browser-kind';
import { localProxyUrl, type LocalProxy } from './browser-local-proxy';

export interface BrowserArgumentsInput {
  kind: BrowserKind;
  proxy: LocalProxy;
  profileDir: string;
  startUrl: string;
  /** Send loopback addresses through the proxy too (a local test page); off for real use. */
  proxyLoopback: boolean;
  /** Added before the start page (e.g. `--headless=new` in tests). */
  extraArgs: readonly string[];
}

/**
 * The command line of a browser on its own profile, with the start page last. A Firefox profile
 * gets its proxy from user.js (see browser-firefox-prefs.ts), not from its command line.
 */
export function browserArguments(input: BrowserArgumentsInput): string[] {
  if (input.kind === 'firefox') {
    // -no-remote -new-instance: a Firefox already open on another profile must not take the URL.
    return [
      '-profile',
      input.profileDir,
      '-no-remote',
      '-new-instance',
      ...input.extraArgs,
      input.startUrl,
    ];
  }
  return [
    `--proxy-server=${localProxyUrl(input.proxy)}`,
    // Chromium's default bypasses loopback; only a local test page wants it proxied.
    ...(input.proxyLoopback ? ['--proxy-bypass-list=<-loopback>'] : []),
    // WebRTC may otherwise reach out over UDP around the proxy and show the real address.
    '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
    `--user-data-dir=${input.profileDir}`,
    '--no-first-run',
    '--no-default-browser-check',
    ...input.extraArgs,
    input.startUrl,
  ];
}
