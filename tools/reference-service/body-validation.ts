// Request body validation with FastAPI's (pydantic v2) error shape and wording, so a client's
// 422 handling is tested against the kind of body a Python service really sends.
// Stricter than pydantic's lax mode on purpose: "5" is not an id and "true" is not a boolean.

export interface FieldIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
  input: unknown;
  ctx?: Record<string, unknown>;
}

export class BodyValidationError extends Error {
  constructor(readonly issues: FieldIssue[]) {
    super('Request body failed validation');
  }
}

type Check<T> =
  { ok: true; value: T } | { ok: false; msg: string; type: string; ctx?: Record<string, unknown> };

export type FieldRule<T> = (value: unknown) => Check<T>;

export function integerBetween(min: number, max: number): FieldRule<number> {
  return (value) => {
    if (typeof value !== 'number' || !Number.isFinite(value)) {
      return { ok: false, type: 'int_type', msg: 'Input should be a valid integer' };
    }
    if (!Number.isInteger(value)) {
      return {
        ok: false,
        type: 'int_from_float',
        msg: 'Input should be a valid integer, got a number with a fractional part',
      };
    }
    if (value < min) {
      return {
        ok: false,
        type: 'greater_than_equal',
        msg: `Input should be greater than or equal to ${min}`,
        ctx: { ge: min },
      };
    }
    if (value > max) {
      return {
        ok: false,
        type: 'less_than_equal',
        msg: `Input should be less than or equal to ${max}`,
        ctx: { le: max },
      };
    }
    return { ok: true, value };
  };
}

export const boolean: FieldRule<boolean> = (value) =>
  typeof value === 'boolean'
    ? { ok: true, value }
    : { ok: false, type: 'bool_type', msg: 'Input should be a valid boolean' };

/** Length in code points, as Python counts a str; an emoji is one character, not two. */
export function stringUpTo(maxLength: number): FieldRule<string> {
  return (value) => {
    if (typeof value !== 'string') {
      return { ok: false, type: 'string_type', msg: 'Input should be a valid string' };
    }
    if ([...value].length > maxLength) {
      return {
        ok: false,
        type: 'string_too_long',
        msg: `String should have at most ${maxLength} characters`,
        ctx: { max_length: maxLength },
      };
    }
    return { ok: true, value };
  };
}

type Parsed<Shape> = {
  [Field in keyof Shape]: Shape[Field] extends FieldRule<infer T> ? T : never;
};

/** Checks every field (not just the first bad one) and throws all issues at once, like FastAPI. */
export function validateBody<Shape extends Record<string, FieldRule<unknown>>>(
  body: unknown,
  shape: Shape,
): Parsed<Shape> {
  if (body === undefined) {
    throw new BodyValidationError([
      { loc: ['body'], msg: 'Field required', type: 'missing', input: null },
    ]);
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new BodyValidationError([
      {
        loc: ['body'],
        msg: 'Input should be a valid dictionary or object to extract fields from',
        type: 'model_attributes_type',
        input: body,
      },
    ]);
  }
  const fields = body as Record<string, unknown>;
  const issues: FieldIssue[] = [];
  const parsed: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(shape)) {
    // Own properties only: a body of {"__proto__": ...} must not reach Object.prototype.
    if (!Object.hasOwn(fields, name)) {
      issues.push({ loc: ['body', name], msg: 'Field required', type: 'missing', input: body });
      continue;
    }
    const check = rule(fields[name]);
    if (check.ok) {
      parsed[name] = check.value;
    } else {
      const { msg, type, ctx } = check;
      issues.push({ loc: ['body', name], msg, type, input: fields[name], ...(ctx && { ctx }) });
    }
  }
  if (issues.length > 0) throw new BodyValidationError(issues);
  return parsed as Parsed<Shape>;
}
