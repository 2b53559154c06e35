import type { IncomingMessage } from 'node:http';

/**
 * Whether a request may read or change the harness's state (the clipboard, passwords included):
 * only the harness's own popup page, or a program that is not a browser, may.
 *
 * - A foreign `Origin` is refused. A browser always sends `Origin` on a cross-origin `fetch`,
 *   `EventSource` or POST, so another local web page cannot read `/__harness/state` or listen on
 *   `/__events`.
 * - No `Origin` is allowed: browsers omit it on navigations and same-origin GETs, and the tests
 *   call some `/__harness/*` routes with Node's `fetch`, which sends none. A cross-origin request a
 *   browser sends without `Origin` (an `<img>`, a no-cors GET) gets an opaque answer the page
 *   cannot read.
 * - The `Host` must be the harness's own address: a page on a name that a hostile DNS server
 *   re-points at 127.0.0.1 (DNS rebinding) is same-origin to itself and sends no `Origin`, but its
 *   `Host` is that name.
 */
export function isFromOwnPage(request: IncomingMessage, ownOrigin: string): boolean {
  const { origin, host } = request.headers;
  return host === new URL(ownOrigin).host && (origin === undefined || origin === ownOrigin);
}
