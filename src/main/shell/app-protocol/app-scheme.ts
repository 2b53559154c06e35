import type { CustomScheme } from 'electron';

/**
 * The scheme the built popup is served from. GUIDE §7 and Electron's security checklist (item
 * 18): a custom scheme instead of file://, whose extra privileges the release fuses turn off.
 */
export const APP_SCHEME = 'app';

/** The only host the scheme serves: the popup's page and its assets. */
export const APP_HOST = 'popup';

/** The popup's page as the window loads it (dev mode loads the Vite server's URL instead). */
export const APP_PAGE_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Registered before `ready` (Electron allows that call once, so every privileged scheme of the
 * app belongs in this one list).
 * - standard: the page gets a real origin (`app://popup`) that CSP's `'self'` matches, and its
 *   relative `./assets/...` URLs resolve as they would over https;
 * - secure: a secure context, like https;
 * - supportFetchAPI: fetch/XHR of the page's own files work as on https. `corsEnabled` stays
 *   off and `bypassCSP` too: no other origin may read these files, and the page's CSP holds.
 */
export const APP_SCHEME_PRIVILEGES: CustomScheme = {
  scheme: APP_SCHEME,
  privileges: { standard: true, secure: true, supportFetchAPI: true },
};
