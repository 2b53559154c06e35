import { isAbsent } from './loose-values';

/**
 * One field of a record as a loose service writes it: how to read it, what it should be (for the
 * details line), and whether the record is of no use without it. A required field that cannot be
 * read fails its record; an optional one is null when absent, and null and named in `unreadable`
 * when present but not understood.
 */
export interface FieldRule<Value> {
  read: (value: unknown) => Value | undefined;
  expected: string;
  required?: true;
}

export const requiredField = <Value>(
  read: (value: unknown) => Value | undefined,
  expected: string,
) => ({ read, expected, required: true }) as const satisfies FieldRule<Value>;
export const optionalField = <Value>(
  read: (value: unknown) => Value | undefined,
  expected: string,
) => ({ read, expected }) satisfies FieldRule<Value>;

type Rules = Record<string, FieldRule<unknown>>;

export type RecordOf<R extends Rules> = {
  [Key in keyof R]: R[Key] extends FieldRule<infer Value>
    ? R[Key] extends { required: true }
      ? Value
      : Value | null
    : never;
};

export interface FieldProblem {
  field: string;
  expected: string;
}

export type RecordReading<R extends Rules> =
  | { ok: true; record: RecordOf<R>; unreadable: FieldProblem[] }
  | { ok: false; problems: FieldProblem[] };

/**
 * Reads a record field by field with plain functions: a loose listing of 100,000 proxies is read
 * in a fraction of the time a schema of transforms takes. Fields not in the rules are dropped.
 */
export function readRecord<R extends Rules>(raw: unknown, rules: R): RecordReading<R> {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
    return { ok: false, problems: [{ field: '', expected: 'Expected an object' }] };
  }
  const source = raw as Record<string, unknown>;
  const record: Record<string, unknown> = {};
  const missing: FieldProblem[] = [];
  const unreadable: FieldProblem[] = [];
  for (const field in rules) {
    const rule = rules[field] as FieldRule<unknown>;
    const value = source[field];
    const read = isAbsent(value) && !rule.required ? null : rule.read(value);
    if (read !== undefined) {
      record[field] = read;
    } else if (rule.required) {
      missing.push({ field, expected: rule.expected });
    } else {
      record[field] = null;
      unreadable.push({ field, expected: rule.expected });
    }
  }
  if (missing.length > 0) return { ok: false, problems: missing };
  return { ok: true, record: record as RecordOf<R>, unreadable };
}
