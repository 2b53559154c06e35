// A success answer as it goes on the wire. Update answers differ between dialects in more than
// their JSON: some have no body at all, so a route hands one of these to sendWireAnswer().

import type { FastifyReply } from 'fastify';

export type WireAnswer =
  /** 204 No Content: no body, no Content-Type. */
  | { kind: 'no-content' }
  /** 200 with an empty body (Content-Length: 0) and no Content-Type. */
  | { kind: 'empty' }
  /** 200 with this value as JSON. */
  | { kind: 'json'; value: unknown };

export const jsonAnswer = (value: unknown): WireAnswer => ({ kind: 'json', value });

export function sendWireAnswer(reply: FastifyReply, answer: WireAnswer): FastifyReply {
  switch (answer.kind) {
    case 'no-content':
      return reply.code(204).send();
    case 'empty':
      return reply.code(200).send();
    case 'json':
      // Serialized here rather than by Fastify: a JSON string ("true") must go out quoted, and
      // Fastify sends a string payload as it is.
      return reply
        .code(200)
        .type('application/json; charset=utf-8')
        .send(JSON.stringify(answer.value));
  }
}
