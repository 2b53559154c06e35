import { shell, type WebContents } from 'electron';
import {
  decideNavigation,
  decideRedirect,
  decideWindowOpen,
  type NavigationDecision,
  type NavigationPolicy,
} from './navigation-policy';

/**
 * Locks the popup's page in: no permission is ever granted, it cannot navigate away, open
 * windows or embed a <webview>. Links to allow-listed https sites open in the user's browser.
 * The decisions live in navigation-policy.ts; this file only wires them to Electron.
 */
export function applyWindowSecurity(contents: WebContents, policy: NavigationPolicy): void {
  // The popup needs no camera, notification, clipboard-read, or any other web permission.
  contents.session.setPermissionRequestHandler((_contents, _permission, callback) =>
    callback(false),
  );
  contents.session.setPermissionCheckHandler(() => false);
  contents.session.setDevicePermissionHandler(() => false);

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

function openInBrowser(url: string): void {
  shell.openExternal(url).catch((error: unknown) => {
    console.warn(`Could not open ${url} in the browser:`, error);
  });
}
