import fc from 'fast-check';
import type { z } from 'zod';

/**
 * fast-check arbitraries read off the contract's own zod schemas, and mutations of what they
 * give. Shapes only (bounds and refinements are not modelled): whether a value is accepted is
 * always asked of the schema itself, so this need not be exact, only close enough that most
 * values look like what the popup sends.
 */

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string>;
  format?: string;
};

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Values shaped like the schema's: right keys, right types, often out of bounds. */
export function shapedLike(schema: z.ZodType): fc.Arbitrary<unknown> {
  const def = defOf(schema);
  switch (def.type) {
    case 'object': {
      const shape = def.shape ?? {};
      const fields = Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [key, shapedLike(field)]),
      );
      const requiredKeys = Object.keys(shape).filter((key) => !isOptional(shape[key]));
      return fc.record(fields, { requiredKeys });
    }
    case 'string':
      return fc.string({ maxLength: 24 });
    case 'number':
      return fc.oneof(fc.integer({ min: -3, max: 70_000 }), fc.double());
    case 'boolean':
      return fc.boolean();
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries ?? {}));
    case 'optional':
      return fc.option(shapedLike(def.innerType as z.ZodType), { nil: undefined });
    case 'nullable':
      return fc.option(shapedLike(def.innerType as z.ZodType), { nil: null });
    case 'array':
      return fc.array(shapedLike(def.element as z.ZodType), { maxLength: 4 });
    case 'union':
      return fc.oneof(...(def.options ?? []).map(shapedLike));
    case 'undefined':
      return fc.constant(undefined);
    default:
      return fc.anything();
  }
}

function isOptional(schema: z.ZodType | undefined): boolean {
  return schema !== undefined && defOf(schema).type === 'optional';
}

/** Every key an object schema (or any branch of a union) names. */
export function knownKeys(schema: z.ZodType): Set<string> {
  const def = defOf(schema);
  if (def.type === 'object') return new Set(Object.keys(def.shape ?? {}));
  if (def.type === 'union') return new Set((def.options ?? []).flatMap((o) => [...knownKeys(o)]));
  return new Set();
}

/** `{"a":{"a":…}}` `depth` levels deep, built without recursion. */
export function nested(depth: number, leaf: unknown = 1): unknown {
  let value = leaf;
  for (let level = 0; level < depth; level += 1) value = { a: value };
  return value;
}

export type Mutation = { kind: string; input: unknown; junkKey?: string };

/** Built once and shared: building 5000 levels per input would be most of the fuzz's time. */
const DEEP = [2, 100, 1000, 5000].map((depth) => nested(depth));
const deepValue = fc.constantFrom(...DEEP);
const junkValue = fc.oneof(fc.anything({ maxDepth: 2 }), deepValue);
const wrongType = fc.oneof(
  fc.constantFrom<unknown>(null, true, 0, -1, 1.5, '', 'x', [], {}, NaN, Infinity),
  fc.anything({ maxDepth: 2 }),
);

/** The mutations the fuzz sends: junk keys, deep nesting, wrong types, missing fields, non-objects. */
export function mutationsOf(schema: z.ZodType): fc.Arbitrary<Mutation> {
  const known = knownKeys(schema);
  const shaped = shapedLike(schema);
  const junkKey = fc
    .oneof(
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.constantFrom('__proto__', 'constructor', 'toString', 'a', 'token', 'k'.repeat(5000)),
    )
    .filter((key) => !known.has(key));
  const asObject = (value: unknown): Record<string, unknown> =>
    typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  return fc.oneof(
    fc.record({ value: shaped, key: junkKey, junk: junkValue }).map(({ value, key, junk }) => {
      const input = { ...asObject(value) };
      // A real own property even for "__proto__", as JSON.parse or structured clone would give.
      Object.defineProperty(input, key, {
        value: junk,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      return { kind: 'junk key', input, junkKey: key };
    }),
    deepValue.map((input) => ({ kind: 'deep nesting', input })),
    fc
      .record({ value: shaped, pick: fc.nat(), replacement: wrongType })
      .map(({ value, pick, replacement }) => {
        const input = { ...asObject(value) };
        const keys = [...known];
        const key = keys[pick % Math.max(keys.length, 1)];
        if (key !== undefined) input[key] = replacement;
        return { kind: 'wrong type', input };
      }),
    fc.record({ value: shaped, pick: fc.nat() }).map(({ value, pick }) => {
      const entries = Object.entries(asObject(value));
      entries.splice(pick % Math.max(entries.length, 1), 1);
      return { kind: 'missing field', input: Object.fromEntries(entries) };
    }),
    wrongType.map((input) => ({ kind: 'not an object', input })),
    shaped.map((input) => ({ kind: 'shaped', input })),
  );
}
