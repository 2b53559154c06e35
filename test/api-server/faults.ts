// Fault injection: make the next request(s) to a route slow, fail, break or never answer, so that
// client tests can prove their timeouts, retries and error handling against real HTTP.

import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { RouteMatch } from './route-match';
import { matchesRoute } from './route-match';

interface FaultTarget extends RouteMatch {
  /** How many matching requests the fault applies to; default 1. */
  times?: number;
}

/** Waits, then the request is handled normally. */
export interface LatencyFault extends FaultTarget {
  latencyMs: number;
}

/** Replies instead of the service. A string body is sent as is, anything else as JSON. */
export interface ResponseFault extends FaultTarget {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  latencyMs?: number;
}

/** Destroys the connection without any response. */
export interface DropFault extends FaultTarget {
  drop: true;
  latencyMs?: number;
}

/** Never answers; the connection stays open until the client gives up or the server closes. */
export interface HangFault extends FaultTarget {
  hang: true;
}

export type Fault = LatencyFault | ResponseFault | DropFault | HangFault;

export interface PendingFault {
  fault: Fault;
  remaining: number;
}

const target = {
  method: z.string().min(1).optional(),
  path: z.string().min(1).optional(),
  times: z.number().int().positive().optional(),
};
const latencyMs = z.number().int().min(0).max(600_000);

/** For faults arriving as JSON over the control API; strict, so a typo is an error, not a no-op. */
export const faultSchema: z.ZodType<Fault> = z.union([
  z.strictObject({ ...target, hang: z.literal(true) }),
  z.strictObject({ ...target, drop: z.literal(true), latencyMs: latencyMs.optional() }),
  z.strictObject({
    ...target,
    status: z.number().int().min(200).max(599),
    body: z.unknown().optional(),
    headers: z.record(z.string(), z.string()).optional(),
    latencyMs: latencyMs.optional(),
  }),
  z.strictObject({ ...target, latencyMs }),
]);

export class FaultQueue {
  readonly #pending: PendingFault[] = [];

  add(fault: Fault): void {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new Error('times must be a positive integer');
    this.#pending.push({ fault, remaining: times });
  }

  clear(): void {
    this.#pending.length = 0;
  }

  get pending(): readonly PendingFault[] {
    return this.#pending;
  }

  /** First queued fault matching the request, used up by one; undefined means handle normally. */
  take(method: string, path: string): Fault | undefined {
    const index = this.#pending.findIndex((entry) => matchesRoute(entry.fault, method, path));
    const entry = this.#pending[index];
    if (!entry) return undefined;
    entry.remaining--;
    if (entry.remaining === 0) this.#pending.splice(index, 1);
    return entry.fault;
  }
}

/** Applies the fault to the reply; returns true when the fault answered (or will never answer). */
export async function applyFault(fault: Fault, reply: FastifyReply): Promise<boolean> {
  if ('hang' in fault) {
    // Hijacked: Fastify forgets the request; the socket closes when the client aborts or the
    // server closes with forceCloseConnections.
    reply.hijack();
    return true;
  }
  if (fault.latencyMs !== undefined) await sleep(fault.latencyMs);
  if ('drop' in fault) {
    reply.hijack();
    reply.raw.socket?.destroy();
    return true;
  }
  if ('status' in fault) {
    sendFaultResponse(fault, reply);
    return true;
  }
  return false;
}

function sendFaultResponse(fault: ResponseFault, reply: FastifyReply): void {
  reply.code(fault.status);
  if (fault.headers) reply.headers(fault.headers);
  if (fault.body === undefined) {
    reply.send();
  } else if (typeof fault.body === 'string') {
    // Raw text: malformed JSON, an HTML error page... Content-Type defaults to text/plain.
    reply.send(fault.body);
  } else {
    if (!reply.hasHeader('content-type')) reply.type('application/json; charset=utf-8');
    reply.send(JSON.stringify(fault.body));
  }
}
