import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { ResponseSerializationError } from 'fastify-type-provider-zod';

type JsonSchema = { [key: string]: unknown };

/**
 * Makes zod's JSON Schema cheap for fast-json-stringify: `anyOf [X, null]` (zod's nullable) becomes X with
 * `nullable: true`, so no branch has to be chosen by a validator at run time; checks that only matter to a
 * validator (patterns, formats other than date-time, bounds) are dropped — the output does not change.
 */
export function simplifyForSerializer(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(simplifyForSerializer);
  if (!schema || typeof schema !== 'object') return schema;
  const source = schema as JsonSchema;
  const anyOf = source.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2) {
    const nullIndex = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullIndex];
    if (nullIndex >= 0 && other && typeof other.type === 'string' && !other.anyOf) {
      const { anyOf: _drop, ...rest } = source;
      return simplifyForSerializer({ ...rest, ...other, nullable: true });
    }
  }
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'pattern' || key === 'minimum' || key === 'maximum' || key === 'minLength' || key === 'maxLength' || key === '$schema')
      continue;
    if (key === 'format' && value !== 'date-time') continue;
    if (key === 'properties' && value && typeof value === 'object') {
      out[key] = Object.fromEntries(Object.entries(value as JsonSchema).map(([k, v]) => [k, simplifyForSerializer(v)]));
      continue;
    }
    out[key] = typeof value === 'object' ? simplifyForSerializer(value) : value;
  }
  // `type: ['string', 'null']` (zod's nullable scalars) reads the same with `nullable`.
  if (Array.isArray(out.type) && out.type.length === 2 && out.type.includes('null')) {
    out.type = out.type.find((t) => t !== 'null');
    out.nullable = true;
  }
  return out;
}

type Stringify = (data: unknown) => string;
const compiled = new WeakMap<object, Stringify>();

/** One compiled serializer per zod schema object (the error schema and the product schemas are shared by many routes). */
export function stringifierFor(schema: z.ZodType): Stringify {
  let stringify = compiled.get(schema);
  if (!stringify) {
    try {
      const json = z.toJSONSchema(schema, { target: 'draft-7', io: 'output', unrepresentable: 'any', cycles: 'ref', reused: 'inline' });
      stringify = fastJson(simplifyForSerializer(json) as Parameters<typeof fastJson>[0]);
    } catch {
      // A schema JSON Schema cannot express (none today): plain JSON, still checked by zod when validating.
      stringify = (data) => JSON.stringify(data);
    }
    compiled.set(schema, stringify);
  }
  return stringify;
}

/**
 * Response serializer: the route's zod schema compiled once (lazily, on first use) into a fast-json-stringify
 * function — several times faster than checking every response with zod and then JSON.stringify. With
 * `validate` (development and tests) each response is first checked against the zod schema, so a handler
 * that drifts from the contract still fails loudly; production trusts the typed handlers.
 */
export function createSerializerCompiler({ validate }: { validate: boolean }) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }) => {
    const zodSchema = schema as z.ZodType;
    let stringify: Stringify | undefined;
    return (data: unknown) => {
      stringify ??= stringifierFor(zodSchema);
      if (!validate) return stringify(data);
      const result = zodSchema.safeEncode(data);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      return stringify(result.data);
    };
  };
}
