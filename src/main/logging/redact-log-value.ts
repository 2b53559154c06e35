import { MASK } from '../api/redact';

/** Masks secrets in one piece of text (see redactSecrets). */
export type RedactText = (text: string) => string;

/** Keys whose value is a secret whatever it looks like: `password`, `accessToken`, `x-api-key`… */
const SECRET_KEY = /(?:password|passwd|secret|token|authorization|cookie|api[-_]?key)s?$/i;
/** Deep enough for any error or view the app logs; deeper structures are not worth a log line. */
const MAX_DEPTH = 6;
/** Causes of causes: enough to find the root, not a loop through a chain that points back. */
const MAX_CAUSES = 5;

/**
 * One argument of a log call, made safe to write: strings redacted; an Error becomes its stack
 * (message included) and its causes, redacted, since both may carry what the network said; an
 * object becomes a plain copy whose secret-named fields are masked and whose strings are
 * redacted. Nothing is changed in place: the caller's objects stay as they were.
 */
export function redactLogValue(value: unknown, redactText: RedactText): unknown {
  return redactValue(value, redactText, 0, new WeakSet());
}

function redactValue(
  value: unknown,
  redactText: RedactText,
  depth: number,
  seen: WeakSet<object>,
): unknown {
  if (typeof value === 'string') return redactText(value);
  if (typeof value === 'function') return `[function ${value.name || 'anonymous'}]`;
  if (typeof value !== 'object' || value === null) return value;
  if (value instanceof Error) return redactText(describeError(value));
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value;
  if (value instanceof URL) return redactText(value.href);
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) {
    return `[${value.byteLength} bytes]`;
  }
  if (seen.has(value)) return '[circular]';
  if (depth >= MAX_DEPTH) return Array.isArray(value) ? '[array]' : '[object]';
  seen.add(value);
  const child = (item: unknown) => redactValue(item, redactText, depth + 1, seen);
  let copy: unknown;
  if (Array.isArray(value) || value instanceof Set) {
    copy = [...value].map(child);
  } else {
    const entries = value instanceof Map ? [...value.entries()] : Object.entries(value);
    copy = Object.fromEntries(
      entries.map(([key, item]: [unknown, unknown]) => {
        const name = redactText(String(key));
        return [name, SECRET_KEY.test(name) && item != null ? MASK : child(item)];
      }),
    );
  }
  seen.delete(value);
  return copy;
}

/** The stack (which starts with the message, unless the message changed since), then causes. */
function describeError(error: Error): string {
  const lines: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && depth <= MAX_CAUSES; depth += 1) {
    const prefix = depth === 0 ? '' : 'Caused by: ';
    if (current instanceof Error) {
      const heading = `${current.name}: ${current.message}`;
      const stack = current.stack ?? heading;
      lines.push(prefix + (stack.includes(current.message) ? stack : `${heading}\n${stack}`));
      current = current.cause;
    } else {
      lines.push(prefix + safeString(current));
      current = undefined;
    }
  }
  return lines.join('\n');
}

function safeString(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}
