import type { Socket } from 'node:net';
import type { UpstreamProxy } from '../../upstream/upstream-proxy';
import type { UpstreamFailure } from './upstream-failure';

/**
 * Where a port's app connections go: one upstream (a local port: `singleRoute`) or one of many
 * (a pool port: src/main/pool). The relay asks it for each app connection's way out (`bind`) and
 * tells it how each upstream did, so a pool can spread connections, keep sessions and bench a
 * dead proxy; the relay itself never knows which kind of port it serves.
 */
export interface Route {
  /** How every upstream of the route is spoken to. */
  readonly protocol: 'http' | 'socks5';
  /**
   * The way out of one app connection. `username` is the one the app logged in to the port with
   * (HTTP Basic, SOCKS5 RFC 1929), null when it gave none: a pool reads a session from it.
   */
  bind(username: string | null): Binding;
}

/**
 * One app connection's upstream: chosen at the first `choose()` and kept for the connection's life
 * (so a browser's kept-alive connection keeps its exit address), moved only when it failed.
 */
export interface Binding {
  /**
   * The upstream to open through now: the bound one, or a new choice when there is none yet or
   * the last one `failed`. Null when no upstream is left to try (`lastFailure` says why).
   */
  choose(): UpstreamProxy | null;
  /** Opening through the chosen upstream worked in `ms`: `socket` counts for it until it closes. */
  opened(socket: Socket, ms: number): void;
  /**
   * Opening through the chosen upstream failed before any byte of the app went through it. The
   * route decides whether the failure is the upstream's (then it is benched, and the next
   * `choose()` tries another, while tries are left) and answers whether to try again.
   */
  failed(failure: UpstreamFailure): boolean;
  /** Forgets the bound upstream: the next `choose()` picks anew ("a new upstream per request"). */
  release(): void;
  /** Whether each plain HTTP request should have an upstream connection of its own. */
  readonly perRequest: boolean;
}

/** The route of a local port: its one upstream, no second try, nothing counted. */
export function singleRoute(upstream: UpstreamProxy): Route {
  const binding: Binding = {
    choose: () => upstream,
    opened: () => {},
    // Stryker disable next-line ArrowFunction: an undefined answer is as false to the relay as false.
    failed: () => false,
    release: () => {},
    perRequest: false,
  };
  return { protocol: upstream.protocol, bind: () => binding };
}
