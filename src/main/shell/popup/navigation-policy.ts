/**
 * What the popup may navigate to, open, and who may talk to the main process: the decisions
 * behind window-security.ts, as plain functions (GUIDE §6: navigation and new windows denied,
 * `shell.openExternal` only for allow-listed https URLs, IPC senders validated).
 */

/** Longer URLs are refused: nothing the app links to is that long, and shells truncate them. */
export const MAX_EXTERNAL_URL_LENGTH = 2048;

function parse(url: string): URL | undefined {
  try {
    return new URL(url);
  } catch {
    return undefined;
  }
}

/**
 * True when `url` is the popup's own page (`app://popup/index.html`, or the dev server's page),
 * whatever its query or fragment: a reload or an in-app route change stays allowed, anything
 * else not. Scheme, host (with port) and path are compared one by one, not `origin`: Node's URL
 * gives every non-special scheme such as `app:` the opaque origin "null", which would match any
 * other `app:` or `foo:` URL; Chromium sees `app://popup` as a real origin because the scheme is
 * registered as standard (app-scheme.ts).
 */
export function isAppPageUrl(url: string, appPageUrl: string): boolean {
  const target = parse(url);
  const own = parse(appPageUrl);
  if (!target || !own) return false;
  if (target.username || target.password) return false;
  return (
    target.protocol === own.protocol && target.host === own.host && target.pathname === own.pathname
  );
}

/**
 * True when `url` may be handed to the operating system's browser: https only, the default
 * port, no user name or password, and a host on the allow-list. An entry is a host name
 * (`example.com`, matched exactly) or `*.example.com` (any subdomain, not the domain itself).
 */
export function isAllowedExternalUrl(url: string, allowList: readonly string[]): boolean {
  if (url.length > MAX_EXTERNAL_URL_LENGTH) return false;
  const target = parse(url);
  if (!target || target.protocol !== 'https:') return false;
  if (target.username || target.password || target.port !== '') return false;
  const host = target.hostname;
  return allowList.some((entry) => {
    const allowed = entry.trim().toLowerCase();
    if (allowed.startsWith('*.')) {
      const parent = allowed.slice(2);
      return parent.length > 0 && host.endsWith(`.${parent}`);
    }
    return allowed.length > 0 && host === allowed;
  });
}

export type NavigationDecision = 'allow' | 'open-externally' | 'deny';

export interface NavigationPolicy {
  appPageUrl: string;
  externalAllowList: readonly string[];
}

/** A link followed inside the popup: its own page stays, an allowed site opens in the browser. */
export function decideNavigation(url: string, policy: NavigationPolicy): NavigationDecision {
  if (isAppPageUrl(url, policy.appPageUrl)) return 'allow';
  return isAllowedExternalUrl(url, policy.externalAllowList) ? 'open-externally' : 'deny';
}

/** A server redirect is never a user's choice: only one back to the popup's own page may proceed. */
export function decideRedirect(url: string, policy: NavigationPolicy): NavigationDecision {
  return isAppPageUrl(url, policy.appPageUrl) ? 'allow' : 'deny';
}

/** `window.open` and `target=_blank`: no window is ever created; allowed sites go to the browser. */
export function decideWindowOpen(
  url: string,
  policy: NavigationPolicy,
): Exclude<NavigationDecision, 'allow'> {
  return isAllowedExternalUrl(url, policy.externalAllowList) ? 'open-externally' : 'deny';
}

/** The fields of Electron's WebFrameMain that identify a frame and its document. */
export interface FrameIdentity {
  processId: number;
  routingId: number;
  url: string;
}

/**
 * True when an IPC message comes from the popup's main frame showing the popup's own page:
 * not from a subframe, another window, or a page the popup was somehow navigated to.
 */
export function isTrustedSenderFrame(
  sender: FrameIdentity | null | undefined,
  popupMainFrame: FrameIdentity,
  appPageUrl: string,
): boolean {
  if (!sender) return false;
  return (
    sender.processId === popupMainFrame.processId &&
    sender.routingId === popupMainFrame.routingId &&
    isAppPageUrl(sender.url, appPageUrl)
  );
}
