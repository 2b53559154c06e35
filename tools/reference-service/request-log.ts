// Every API request as the service received it, so tests can assert exactly what a client sent
// and how many times (retries). Kept in memory only: tokens in it are never written anywhere.

import type { IncomingHttpHeaders } from 'node:http';
import type { RouteMatch } from './route-match';
import { matchesRoute } from './route-match';

export interface LoggedRequest {
  method: string;
  /** Route path without the server prefix and without the query string. */
  path: string;
  /**
   * True when the server has a prefix and the request missed it: such a request is never counted
   * as one to the route of the same name, so a client that forgets the prefix cannot fool a test.
   */
  outsidePrefix: boolean;
  /** The URL exactly as requested, prefix and query included. */
  url: string;
  /** Lowercased names, as Node parsed them. */
  headers: IncomingHttpHeaders;
  /** Parsed JSON body; undefined when there was none or it could not be parsed. */
  body: unknown;
  receivedAt: number;
}

export class RequestLog {
  readonly #entries: LoggedRequest[] = [];

  record(entry: LoggedRequest): void {
    this.#entries.push(entry);
  }

  get entries(): readonly LoggedRequest[] {
    return this.#entries;
  }

  matching(match: RouteMatch = {}): LoggedRequest[] {
    const wantsRoute = match.path !== undefined && match.path !== '*';
    return this.#entries.filter(
      (entry) =>
        !(wantsRoute && entry.outsidePrefix) && matchesRoute(match, entry.method, entry.path),
    );
  }

  count(match: RouteMatch = {}): number {
    return this.matching(match).length;
  }

  /** Counts keyed "METHOD /path", e.g. `{ 'GET /users/plans': 3 }`. */
  countsByRoute(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const entry of this.#entries) {
      const key = `${entry.method} ${entry.path}`;
      counts[key] = (counts[key] ?? 0) + 1;
    }
    return counts;
  }

  last(match: RouteMatch = {}): LoggedRequest | undefined {
    return this.matching(match).at(-1);
  }

  clear(): void {
    this.#entries.length = 0;
  }
}
