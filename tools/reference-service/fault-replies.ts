// Faults that answer instead of the service, before it sees the request (authentication
// included), the way a proxy or load balancer in front of it would.

import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import type { ReplacingFault, ResponseFault } from './faults';

/** Applies the fault to the reply; returns true when the fault answered (or will never answer). */
export async function applyFault(fault: ReplacingFault, reply: FastifyReply): Promise<boolean> {
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
