import fc from 'fast-check';
import { typesOf, type JsonSchema } from './openapi';

// fast-check arbitraries from the OpenAPI document's JSON schemas: values the schema allows (so requests
// reach the handlers and the database) and values it does not (so they reach the validators).

export interface ArbitraryContext {
  /** Real record ids to mix into `format: uuid` values, so writes and reads hit existing rows. */
  ids: readonly string[];
}

const MAX_STRING = 40;
const MAX_ITEMS = 4;

/** Strings of every kind: ASCII, any code point (emoji, RTL, combining marks, controls), SQL and path fragments. */
export function wildString(maxLength = MAX_STRING): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 3, arbitrary: fc.string({ maxLength }) },
    { weight: 2, arbitrary: fc.string({ maxLength, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.string({ maxLength, unit: 'grapheme' }) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "' OR '1'='1",
        '1; DROP TABLE users--',
        '%',
        '_',
        '\\',
        '../../etc/passwd',
        '<script>alert(1)</script>',
        '${7*7}',
        '{{7*7}}',
        '-1',
        '1e309',
        'NaN',
        'null',
        'true',
        '[]',
        '{}',
        ' ',
        '\t',
        '\u202e',
        '\ud83d\udc8e',
        'ǅ',
        'ß'.repeat(100),
        '9'.repeat(40),
      ),
    },
  );
}

/** Any JSON value at all, or a value of the wrong type. */
export function wildJson(): fc.Arbitrary<unknown> {
  return fc.oneof(
    wildString(),
    fc.integer(),
    fc.constantFrom(-1, 0, 2 ** 31, 2 ** 53, -(2 ** 63), 1e308, 0.5),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { maxKeys: 3 }),
  );
}

function dateBetween(min: string, max: string): fc.Arbitrary<Date> {
  return fc.date({ min: new Date(min), max: new Date(max), noInvalidDate: true });
}

function stringArbitrary(s: JsonSchema, ctx: ArbitraryContext): fc.Arbitrary<string> {
  const minLength = s.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(s.maxLength ?? MAX_STRING, MAX_STRING));
  if (s.format === 'uuid') {
    return ctx.ids.length
      ? fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...ctx.ids) }, { weight: 1, arbitrary: fc.uuid({ version: 4 }) })
      : fc.uuid({ version: 4 });
  }
  if (s.format === 'date') return dateBetween('1990-01-01', '2100-12-31').map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'date-time') return dateBetween('1990-01-01', '2100-12-31').map((d) => d.toISOString());
  if (s.format === 'email') return fc.emailAddress().filter((e) => e.length <= (s.maxLength ?? 254));
  if (typeof s.pattern === 'string') {
    try {
      const matching = fc
        .stringMatching(new RegExp(s.pattern))
        .filter((v) => v.length >= minLength && v.length <= (s.maxLength ?? Infinity));
      return matching;
    } catch {
      // a pattern fast-check cannot generate from: fall through to plain strings
    }
  }
  const edges = [s.maxLength !== undefined ? 'x'.repeat(s.maxLength) : undefined].filter(
    (v): v is string => v !== undefined && v.length >= minLength,
  );
  const plain = fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength, maxLength }) },
    { weight: 2, arbitrary: fc.string({ minLength, maxLength, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.string({ minLength, maxLength, unit: 'grapheme' }) },
  );
  return edges.length ? fc.oneof({ weight: 6, arbitrary: plain }, { weight: 1, arbitrary: fc.constantFrom(...edges) }) : plain;
}

function numberArbitrary(s: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const lower =
    typeof s.minimum === 'number'
      ? s.minimum
      : typeof s.exclusiveMinimum === 'number'
        ? s.exclusiveMinimum + (integer ? 1 : Number.EPSILON)
        : -(2 ** 40);
  const upper =
    typeof s.maximum === 'number'
      ? s.maximum
      : typeof s.exclusiveMaximum === 'number'
        ? s.exclusiveMaximum - (integer ? 1 : Number.EPSILON)
        : 2 ** 40;
  const min = Math.max(lower, Number.MIN_SAFE_INTEGER);
  const max = Math.min(upper, Number.MAX_SAFE_INTEGER);
  const body = integer
    ? fc.integer({ min: Math.ceil(min), max: Math.floor(max) })
    : fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
  const edges = integer ? [Math.ceil(min), Math.floor(max)] : [min, max];
  return fc.oneof({ weight: 5, arbitrary: body }, { weight: 1, arbitrary: fc.constantFrom(...edges) });
}

/** Values the schema allows (as far as JSON Schema can say: cross-field rules aside). */
export function validArbitrary(schema: JsonSchema | undefined, ctx: ArbitraryContext, depth = 0): fc.Arbitrary<unknown> {
  const s = schema ?? {};
  if ('const' in s) return fc.constant(s.const);
  if (Array.isArray(s.enum) && s.enum.length) return fc.constantFrom(...s.enum);
  const branches: JsonSchema[] = s.anyOf ?? s.oneOf ?? [];
  if (branches.length) return fc.oneof(...branches.map((b) => validArbitrary(b, ctx, depth + 1)));
  if (Array.isArray(s.allOf) && s.allOf.length) return validArbitrary(s.allOf[0], ctx, depth + 1);
  const types = typesOf(s);
  if (types.length > 1) return fc.oneof(...types.map((type) => validArbitrary({ ...s, type }, ctx, depth + 1)));
  const type = types[0] ?? (s.properties ? 'object' : undefined);
  switch (type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return numberArbitrary(s, true);
    case 'number':
      return numberArbitrary(s, false);
    case 'string':
      return stringArbitrary(s, ctx);
    case 'array': {
      const minLength = s.minItems ?? 0;
      const maxLength = Math.max(minLength, Math.min(s.maxItems ?? MAX_ITEMS, MAX_ITEMS));
      return fc.array(validArbitrary(s.items, ctx, depth + 1), { minLength, maxLength });
    }
    case 'object': {
      const properties = Object.entries<JsonSchema>(s.properties ?? {});
      if (!properties.length || depth > 6) return fc.constant({});
      const model = Object.fromEntries(properties.map(([key, value]) => [key, validArbitrary(value, ctx, depth + 1)]));
      const required = (s.required ?? []).filter((k) => k in model);
      return fc.record(model, { requiredKeys: required });
    }
    default:
      return wildJson();
  }
}

/** A valid value with one place broken: a property of the wrong type, an unknown property, a required one missing; or anything at all. */
export function brokenArbitrary(schema: JsonSchema | undefined, ctx: ArbitraryContext): fc.Arbitrary<unknown> {
  const valid = validArbitrary(schema, ctx);
  return fc.oneof(
    {
      weight: 3,
      arbitrary: fc
        .tuple(
          valid,
          fc.nat(),
          wildJson(),
          fc.constantFrom<'replace' | 'add' | 'remove'>('replace', 'add', 'remove'),
          fc.string({ minLength: 1, maxLength: 12 }),
        )
        .map(([value, index, junk, how, extraKey]) => breakOne(value, index, junk, how, extraKey)),
    },
    { weight: 1, arbitrary: wildJson() },
  );
}

function breakOne(value: unknown, index: number, junk: unknown, how: 'replace' | 'add' | 'remove', extraKey: string): unknown {
  if (!value || typeof value !== 'object') return junk;
  if (Array.isArray(value)) {
    if (!value.length) return [junk];
    const copy = [...(value as unknown[])];
    copy[index % copy.length] = breakOne(copy[index % copy.length], index >> 3, junk, how, extraKey);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  if (how === 'add' || !keys.length) {
    copy[extraKey] = junk;
    return copy;
  }
  const key = keys[index % keys.length]!;
  if (how === 'remove') {
    const { [key]: _removed, ...rest } = copy;
    return rest;
  }
  copy[key] = index % 3 === 0 ? breakOne(copy[key], index >> 2, junk, how, extraKey) : junk;
  return copy;
}

/** A query or path value as text: what the schema allows, printed, or any string. */
export function textArbitrary(schema: JsonSchema | undefined, ctx: ArbitraryContext): fc.Arbitrary<string> {
  return fc.oneof({ weight: 4, arbitrary: validArbitrary(schema, ctx).map(asText) }, { weight: 1, arbitrary: wildString() });
}

function asText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value);
  return JSON.stringify(value);
}
