// The only body type the service accepts is JSON. Anything else (text/plain included, which
// Fastify would otherwise parse) is refused with 415 by Fastify's own content-type check.

import type { FastifyInstance } from 'fastify';
import { ApiError } from './error-replies';

export function acceptOnlyJsonBodies(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    // An empty body is "no body", as FastAPI sees it: fine for POST /users/me, and a 422
    // "Field required" for the updates, rather than a parser error.
    if (text.length === 0) {
      done(null, undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      done(new ApiError(400, `Request body is not valid JSON: ${reason}`), undefined);
    }
  });
}
