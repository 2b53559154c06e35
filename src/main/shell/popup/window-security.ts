import type {
  Event as ElectronEvent,
  Session,
  WebContents,
  WebContentsWillFrameNavigateEventParams,
  WebContentsWillNavigateEventParams,
  WebContentsWillRedirectEventParams,
} from 'electron';
import {
  decideNavigation,
  decideRedirect,
  decideWindowOpen,
  type NavigationDecision,
  type NavigationPolicy,
} from './navigation-policy';
import type { Log } from '../../logging/log-port';

/**
 * The slice of a WebContents this file configures, declared with Electron's own types: a real
 * WebContents fits it, and so does a small recording stand-in in a test. `on` lists only the
 * events we listen to (`Pick<WebContents, 'on'>` would demand all of them, each returning a
 * WebContents).
 */
export interface SecuredContents extends Pick<WebContents, 'setWindowOpenHandler'> {
  readonly session: Pick<
    Session,
    'setPermissionRequestHandler' | 'setPermissionCheckHandler' | 'setDevicePermissionHandler'
  >;
  on(
    event: 'will-navigate',
    listener: (event: ElectronEvent<WebContentsWillNavigateEventParams>) => void,
  ): unknown;
  on(
    event: 'will-frame-navigate',
    listener: (event: ElectronEvent<WebContentsWillFrameNavigateEventParams>) => void,
  ): unknown;
  on(
    event: 'will-redirect',
    listener: (event: ElectronEvent<WebContentsWillRedirectEventParams>) => void,
  ): unknown;
  on(event: 'will-attach-webview', listener: (event: ElectronEvent) => void): unknown;
}

/** `shell.openExternal` in the app. */
export type OpenExternal = (url: string) => Promise<void>;

/**
 * Locks the popup's page in: no permission is ever granted, it cannot navigate away, open
 * windows or embed a <webview>. Links to allow-listed https sites open in the user's browser.
 * The decisions live in navigation-policy.ts; this file only wires them to Electron.
 */
export function applyWindowSecurity(
  contents: SecuredContents,
  policy: NavigationPolicy,
  openExternal: OpenExternal,
  log: Pick<Log, 'warn'>,
): void {
  // The popup needs no camera, notification, clipboard-read, or any other web permission.
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  );
  contents.session.setPermissionCheckHandler(() => false);
  contents.session.setDevicePermissionHandler(() => false);

  const openInBrowser = (url: string) => {
    openExternal(url).catch((error: unknown) => {
      log.warn(`Could not open ${url} in the browser:`, error);
    });
  };
  const onNavigation = (
    decide: (url: string, policy: NavigationPolicy) => NavigationDecision,
    event: { url: string; preventDefault(): void },
  ) => {
    const decision = decide(event.url, policy);
    if (decision === 'allow') return;
    event.preventDefault();
    if (decision === 'open-externally') openInBrowser(event.url);
  };
  contents.on('will-navigate', (event) => onNavigation(decideNavigation, event));
  // will-navigate covers the main frame only; subframes (which CSP should forbid anyway) are
  // checked here, skipping the main frame so that an allowed link opens once, not twice.
  contents.on('will-frame-navigate', (event) => {
    if (!event.isMainFrame) onNavigation(decideNavigation, event);
  });
  contents.on('will-redirect', (event) => onNavigation(decideRedirect, event));

  contents.setWindowOpenHandler(({ url }) => {
    if (decideWindowOpen(url, policy) === 'open-externally') openInBrowser(url);
    return { action: 'deny' };
  });

  contents.on('will-attach-webview', (event) => event.preventDefault());
}
