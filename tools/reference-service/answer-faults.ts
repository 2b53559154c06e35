// Faults that let the service do its work (an update is applied) and then spoil its answer on the
// way out: cut short, reset, never sent, trickling in, or stalled. The answer is caught in an
// onSend hook, already serialized, and written by hand from there on (raw-answers.ts).

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AnswerFault, CutBodyFault } from './faults';
import type { RawAnswer } from './raw-answers';
import { sendCut, sendStalled, sendThrottled } from './raw-answers';

/** Installs the hook; returns how to mark a request's answer for a fault. */
export function installAnswerFaults(
  app: FastifyInstance,
): (request: FastifyRequest, fault: AnswerFault) => void {
  const faultsByRequest = new WeakMap<FastifyRequest, AnswerFault>();
  app.addHook('onSend', (request, reply, payload, done) => {
    const fault = faultsByRequest.get(request);
    if (fault === undefined) {
      done(null, payload);
      return;
    }
    // The answer belongs to the fault now. Fastify must not write it as well, so `done` is never
    // called; hijacked, the request is no longer Fastify's to finish.
    reply.hijack();
    spoilAnswer(fault, reply, capturedAnswer(reply, payload));
  });
  return (request, fault) => faultsByRequest.set(request, fault);
}

function spoilAnswer(fault: AnswerFault, reply: FastifyReply, answer: RawAnswer): void {
  if ('afterApply' in fault) {
    // 'hang': nothing at all; the socket closes when the client aborts or the server closes.
    if (fault.afterApply === 'drop') reply.raw.socket?.destroy();
  } else if ('cutBody' in fault) {
    sendCut(reply.raw, answerToCut(fault, answer));
  } else if ('throttle' in fault) {
    sendThrottled(reply.raw, answer, fault.throttle);
  } else {
    sendStalled(reply.raw, answer, fault.stallAfterBytes);
  }
}

function capturedAnswer(reply: FastifyReply, payload: unknown): RawAnswer {
  // Content-Length is left out: each way of spoiling the answer declares its own.
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (name === 'content-length' || value === undefined) continue;
    headers[name] = typeof value === 'number' ? String(value) : value;
  }
  let body: Buffer = Buffer.alloc(0);
  if (typeof payload === 'string') body = Buffer.from(payload);
  else if (Buffer.isBuffer(payload)) body = payload;
  return { status: reply.statusCode, headers, body };
}

/** The service's answer or the fault's own body, with the fault's status (default 200). */
function answerToCut(fault: CutBodyFault, answer: RawAnswer): RawAnswer {
  const status = fault.status ?? 200;
  const extraHeaders = lowercaseKeys(fault.headers ?? {});
  if (fault.body === undefined) {
    return { status, headers: { ...answer.headers, ...extraHeaders }, body: answer.body };
  }
  const isText = typeof fault.body === 'string';
  return {
    status,
    headers: {
      'content-type': isText ? 'text/plain; charset=utf-8' : 'application/json; charset=utf-8',
      ...extraHeaders,
    },
    body: Buffer.from(isText ? String(fault.body) : JSON.stringify(fault.body)),
  };
}

/** Header names are case-insensitive: "Content-Type" must replace "content-type", not join it. */
function lowercaseKeys(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).map(([name, value]) => [name.toLowerCase(), value]),
  );
}
