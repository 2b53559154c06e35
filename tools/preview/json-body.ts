import type { IncomingMessage } from 'node:http';

const MAX_BODY_BYTES = 1024 * 1024;

/** A request the harness refuses as the client's fault: answered 400 with `message`, not logged. */
export class BadRequestError extends Error {}

/**
 * The request's body as a JSON object (`{}` when empty). Anything else — malformed JSON, an
 * array, a number, more than a megabyte — is a BadRequestError with a short message: a client's
 * mistake is not the harness failing, so it gets no 500 and no stack trace on stderr.
 */
export async function readJsonObject(request: IncomingMessage): Promise<Record<string, unknown>> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new BadRequestError('Request body too large.');
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new BadRequestError('The request body is not valid JSON.');
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BadRequestError('The request body must be a JSON object.');
  }
  return body as Record<string, unknown>;
}

/** A field of the body that must be text when given. */
export function optionalText(body: Record<string, unknown>, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || typeof value === 'string') return value;
  throw new BadRequestError(`"${field}" must be text.`);
}
