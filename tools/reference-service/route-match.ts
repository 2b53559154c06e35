// One rule for "does this request match", shared by fault injection and the request log.

/** Omitted fields (or "*") match anything. `path` is the route path without prefix or query. */
export interface RouteMatch {
  method?: string;
  path?: string;
}

export function matchesRoute(match: RouteMatch, method: string, path: string): boolean {
  const methodMatches =
    match.method === undefined ||
    match.method === '*' ||
    match.method.toUpperCase() === method.toUpperCase();
  const pathMatches = match.path === undefined || match.path === '*' || match.path === path;
  return methodMatches && pathMatches;
}
