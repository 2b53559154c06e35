import { readBoolean, readIntegerIn } from './loose-values';

/*
 * What a 2xx answer to an update says. Any 2xx means the change was applied unless the body says
 * otherwise: `success: false` is a refusal, and a value the service reports as now in effect is
 * the truth. A body that says nothing (204, empty, `{}`, `true`, `"true"`, `{"success":true}`,
 * text) means the requested value.
 */

export type UpdateAnswer<Value> =
  { applied: true; value: Value } | { applied: false; explanation: string | undefined };

/** Reads the body as JSON where it is JSON; anything else is a body that says nothing. */
function bodyOf(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // Emptying this block is an equivalent mutant, left to survive: the function then ends
    // without a value all the same.
    return undefined;
  }
}

function refusal(body: unknown): { applied: false; explanation: string | undefined } | undefined {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    return readBoolean(body) === false ? { applied: false, explanation: undefined } : undefined;
  }
  const record = body as Record<string, unknown>;
  if (readBoolean(record['success']) !== false && readBoolean(record['ok']) !== false) {
    return undefined;
  }
  const said = [record['detail'], record['message'], record['error']].find(
    (value) => typeof value === 'string' && value.trim(),
  ) as string | undefined;
  return { applied: false, explanation: said?.trim() };
}

/**
 * Reads an update's answer: `field` names the value the service may report back
 * (`is_rotating`, `rotate_interval`), read by `read`.
 */
export function readUpdateAnswer<Value>(
  text: string,
  requested: Value,
  field?: { name: string; read: (value: unknown) => Value | undefined },
): UpdateAnswer<Value> {
  const body = bodyOf(text);
  const refused = refusal(body);
  if (refused) return refused;
  if (field && typeof body === 'object' && body !== null && !Array.isArray(body)) {
    const reported = field.read((body as Record<string, unknown>)[field.name]);
    if (reported !== undefined) return { applied: true, value: reported };
  }
  return { applied: true, value: requested };
}

export const rotationField = { name: 'is_rotating', read: readBoolean };
export const intervalField = {
  name: 'rotate_interval',
  read: (value: unknown) => readIntegerIn(value, 1, Number.MAX_SAFE_INTEGER),
};
