import type { IncomingMessage } from 'node:http';
import { isRunSecret, newRunSecret } from '../shared/run-secret';

/** The query parameter of the printed address that carries the key. */
export const KEY_PARAMETER = 'key';

export type PreviewAccess =
  | { kind: 'allowed' }
  /** The printed address, opened: the key moves into a cookie, out of the address bar and history. */
  | { kind: 'key-accepted'; location: string; setCookie: string }
  | { kind: 'refused' };

/**
 * The preview's key: a secret of this run that only the user who started it learns (from the
 * address it prints), required on every route. Any local program can reach 127.0.0.1 and write
 * any `Origin` it likes (curl does), so the Origin checks alone let another user of the computer
 * read proxy passwords and start programs as this one.
 *
 * The printed address carries the key once; the first visit trades it for an HttpOnly,
 * SameSite=Strict cookie, which the popup's own requests then carry (a page script cannot read it,
 * and another site's page cannot make the browser send it).
 */
export class PreviewKey {
  readonly #secret = newRunSecret();

  /** The address to print for the user: the only place the key ever leaves memory. */
  addressAt(origin: string): string {
    return `${origin}/?${KEY_PARAMETER}=${this.#secret}`;
  }

  /** The Cookie header the popup's requests carry: for the user's own programs (the tests). */
  cookieAt(origin: string): string {
    return `${cookieName(new URL(origin).port)}=${this.#secret}`;
  }

  /** `url`: the request's URL on the preview's own origin. */
  check(request: IncomingMessage, url: URL): PreviewAccess {
    const offered = url.searchParams.get(KEY_PARAMETER);
    if (offered !== null) {
      // Only a navigation trades the key; a wrong key is refused even beside a good cookie.
      if (request.method !== 'GET' || !isRunSecret(offered, this.#secret)) return REFUSED;
      const rest = new URL(url);
      rest.searchParams.delete(KEY_PARAMETER);
      return {
        kind: 'key-accepted',
        // Absolute, on the preview's own origin: a path such as `//elsewhere` stays a path.
        location: rest.href,
        setCookie: `${this.cookieAt(url.origin)}; HttpOnly; SameSite=Strict; Path=/`,
      };
    }
    const held = cookieValues(request.headers.cookie, cookieName(url.port));
    return held.some((value) => isRunSecret(value, this.#secret)) ? ALLOWED : REFUSED;
  }
}

const ALLOWED: PreviewAccess = { kind: 'allowed' };
const REFUSED: PreviewAccess = { kind: 'refused' };

/**
 * Browsers keep cookies per host, not per port: the port in the name keeps two previews on
 * 127.0.0.1 (the demo's and another) from overwriting each other's cookie.
 */
const cookieName = (port: string) => `proxy-tray-preview-${port}`;

/** Every value sent under `name` (a browser may send one name twice, for different paths). */
function cookieValues(header: string | undefined, name: string): string[] {
  return (header ?? '').split(';').flatMap((pair) => {
    const equals = pair.indexOf('=');
    if (equals < 0 || pair.slice(0, equals).trim() !== name) return [];
    return [pair.slice(equals + 1).trim()];
  });
}
