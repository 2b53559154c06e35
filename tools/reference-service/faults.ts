// Fault injection: make the next request(s) to a route slow, fail, break or never answer, so that
// client tests can prove their timeouts, retries and error handling against real HTTP.
// Two families: faults that answer instead of the service (fault-replies.ts), and faults that let
// the service do its work and then spoil its answer on the way out (answer-faults.ts).

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

/**
 * A reply cut off mid-body: the request is handled (an update is applied), then its answer, or
 * `body`, starts with a Content-Length larger than what is sent, and the connection closes.
 */
export interface CutBodyFault extends FaultTarget {
  cutBody: true;
  /** Default 200, whatever the service answered. */
  status?: number;
  /** Sent instead of the service's answer: a string as is, anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

/** The request is handled (an update is applied); then the connection is reset, or left hanging. */
export interface AfterApplyFault extends FaultTarget {
  afterApply: 'drop' | 'hang';
}

/** A slow link: the headers at once, then the answer in chunks of that size at that interval. */
export interface ThrottleFault extends FaultTarget {
  throttle: { bytesPerChunk: number; chunkIntervalMs: number };
}

/** The headers and that many bytes of the answer, then nothing more; the connection stays open. */
export interface StallFault extends FaultTarget {
  stallAfterBytes: number;
}

/** Faults that replace the service's answer; the service never sees the request. */
export type ReplacingFault = LatencyFault | ResponseFault | DropFault | HangFault;
/** Faults that let the service handle the request, then spoil how its answer arrives. */
export type AnswerFault = CutBodyFault | AfterApplyFault | ThrottleFault | StallFault;
export type Fault = ReplacingFault | AnswerFault;

export interface PendingFault {
  fault: Fault;
  remaining: number;
}

export function isAnswerFault(fault: Fault): fault is AnswerFault {
  return (
    'cutBody' in fault || 'afterApply' in fault || 'throttle' in fault || 'stallAfterBytes' in fault
  );
}

export class FaultQueue {
  readonly #pending: PendingFault[] = [];

  add(fault: Fault): void {
    const times = fault.times ?? 1;
    if (!Number.isInteger(times) || times < 1) throw new Error('times must be a positive integer');
    checkAnswerFault(fault);
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

/** Values that would make a throttled answer never finish, a stall meaningless or a cut impossible. */
function checkAnswerFault(fault: Fault): void {
  if ('cutBody' in fault && (fault.status === 204 || fault.status === 304)) {
    throw new Error('cutBody needs a status that has a body, not 204 or 304');
  }
  if ('throttle' in fault) {
    const { bytesPerChunk, chunkIntervalMs } = fault.throttle;
    if (!Number.isInteger(bytesPerChunk) || bytesPerChunk < 1) {
      throw new Error('throttle.bytesPerChunk must be a positive integer');
    }
    if (!Number.isInteger(chunkIntervalMs) || chunkIntervalMs < 0) {
      throw new Error('throttle.chunkIntervalMs must be an integer >= 0');
    }
  }
  if ('stallAfterBytes' in fault) {
    if (!Number.isInteger(fault.stallAfterBytes) || fault.stallAfterBytes < 0) {
      throw new Error('stallAfterBytes must be an integer >= 0');
    }
  }
}
