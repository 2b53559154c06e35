import type { z } from 'zod';
import { ProxyServiceError } from './proxy-service-error';

/**
 * Turns a successful answer's raw text into a checked value. Anything that is not JSON or does not
 * match the resource's schema is a `bad_response` naming the first offending field, so a changed
 * or broken server shows "plans[3].proxies[0].port: expected int" instead of a blank screen.
 */
export function decodeResponse<Schema extends z.ZodType>(
  text: string,
  schema: Schema,
  action: string,
): z.infer<Schema> {
  if (!text.trim()) {
    throw badResponse(action, 'the answer was empty');
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw badResponse(action, 'the answer is not JSON');
  }
  const result = schema.safeParse(json);
  if (!result.success) {
    throw badResponse(action, describeIssues(result.error.issues));
  }
  return result.data;
}

export function badResponse(action: string, detail: string, status?: number): ProxyServiceError {
  return new ProxyServiceError(
    'bad_response',
    `${action} failed: the service sent an answer this app does not understand (${detail}).`,
    status === undefined ? {} : { status },
  );
}

function describeIssues(issues: readonly z.core.$ZodIssue[]): string {
  const [first] = issues;
  if (!first) return 'it does not match the expected shape';
  const where = formatPath(first.path);
  const others = issues.length > 1 ? ` and ${issues.length - 1} more problem(s)` : '';
  return `${where ? `${where}: ` : ''}${first.message}${others}`;
}

/** `[0, "proxies", 3, "port"]` → `[0].proxies[3].port`. */
export function formatPath(path: readonly PropertyKey[]): string {
  return path
    .map((part, index) => {
      if (typeof part === 'number') return `[${part}]`;
      const name = String(part);
      return index === 0 ? name : `.${name}`;
    })
    .join('');
}
