// Every error leaves the service as JSON `{ "detail": ... }` (FastAPI's shape), including the
// ones Fastify raises itself: bad content type, malformed JSON, unknown route, oversized body.

import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { BodyValidationError } from './body-validation';

/** An error the API answers with on purpose: status, human-readable detail, optional headers. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(detail);
  }
}

export interface ErrorReplyOptions {
  /** Methods served at a path, to tell "405 wrong method" from "404 no such path". */
  allowedMethods(url: string): readonly string[];
}

export function installErrorReplies(app: FastifyInstance, options: ErrorReplyOptions): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return sendDetail(reply.headers(error.headers), error.statusCode, error.detail);
    }
    if (error instanceof BodyValidationError) {
      return sendDetail(reply, 422, error.issues);
    }
    const status = error.statusCode ?? 500;
    if (status >= 500) {
      // Internal details stay internal, as a production service would keep them.
      return sendDetail(reply, 500, 'Internal Server Error');
    }
    if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') {
      const received = request.headers['content-type'] ?? 'none';
      return sendDetail(
        reply,
        415,
        `Unsupported Media Type: Content-Type "${received}"; send the body as application/json`,
      );
    }
    return sendDetail(reply, status, error.message);
  });

  app.setNotFoundHandler((request, reply) => {
    const allowed = options.allowedMethods(request.url);
    if (allowed.length > 0) {
      return sendDetail(reply.header('allow', allowed.join(', ')), 405, 'Method Not Allowed');
    }
    return sendDetail(reply, 404, 'Not Found');
  });
}

function sendDetail(reply: FastifyReply, status: number, detail: unknown): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send({ detail });
}
