// Where a request lands: the service's routes may sit under a prefix such as "/api", and the
// control API always sits at the root.

export const CONTROL_PREFIX = '/__control';

/** "" for no prefix; otherwise "/segment" with a leading and no trailing slash. */
export function normalizePrefix(prefix: string | undefined): string {
  const trimmed = (prefix ?? '').replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `/${trimmed}`;
}

export function pathnameOf(url: string): string {
  const queryStart = url.indexOf('?');
  return queryStart === -1 ? url : url.slice(0, queryStart);
}

export function isControlPath(pathname: string): boolean {
  return pathname === CONTROL_PREFIX || pathname.startsWith(`${CONTROL_PREFIX}/`);
}

/** The route path relative to the prefix, or undefined when the request is outside it. */
export function routePathOf(pathname: string, prefix: string): string | undefined {
  if (prefix === '') return pathname;
  if (pathname === prefix) return '/';
  return pathname.startsWith(`${prefix}/`) ? pathname.slice(prefix.length) : undefined;
}
