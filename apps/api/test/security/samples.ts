import fc from 'fast-check';
import { TEST_PASSWORD } from '../helpers';
import { typesOf, type JsonSchema } from './openapi';

/**
 * One deterministic, valid value for a JSON schema (the smallest that passes: required properties only,
 * lower bounds, first enum member), so a request reaches the handler and its ownership rules rather
 * than stopping at validation. `named` supplies values by property name (ids of the world's records).
 */
export function sampleOf(
  schema: JsonSchema | undefined,
  named: (name: string, schema: JsonSchema) => unknown = () => undefined,
  name = '',
): unknown {
  const s = schema ?? {};
  const byName = name ? named(name, s) : undefined;
  if (byName !== undefined) return byName;
  if ('const' in s) return s.const;
  if (Array.isArray(s.enum) && s.enum.length) return s.enum[0];
  const branches: JsonSchema[] = s.anyOf ?? s.oneOf ?? [];
  if (branches.length) return sampleOf(branches.find((b) => !typesOf(b).includes('null')) ?? branches[0], named, name);
  const type = typesOf(s).find((x) => x !== 'null') ?? (s.properties ? 'object' : 'string');
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sampleOf(s.properties?.[key], named, key);
      return out;
    }
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sampleOf(s.items, named, name));
    case 'integer':
    case 'number': {
      const min = typeof s.minimum === 'number' ? s.minimum : typeof s.exclusiveMinimum === 'number' ? s.exclusiveMinimum + 1 : 1;
      return typeof s.maximum === 'number' ? Math.min(min, s.maximum) : min;
    }
    case 'boolean':
      return false;
    default:
      return sampleString(s, name);
  }
}

const DAY = 86_400_000;

function sampleString(s: JsonSchema, name: string): string {
  if (s.format === 'uuid') return '00000000-0000-4000-8000-000000000000';
  if (s.format === 'email' || /email/i.test(name)) return 'matrix@example.com';
  if (s.format === 'date-time') return new Date().toISOString();
  if (s.format === 'date') return new Date(Date.now() + 30 * DAY).toISOString().slice(0, 10);
  if (/password/i.test(name)) return TEST_PASSWORD;
  const min = s.minLength ?? 1;
  const max = s.maxLength ?? 200;
  if (s.pattern) {
    const re = new RegExp(s.pattern);
    const candidates = ['Matrix', 'matrix', 'MX', 'mx-1', 'AT', 'EUR', '10:00', 'name,asc', 'matrix-storage/public'];
    const fixed = candidates.find((c) => re.test(c) && c.length >= min && c.length <= max);
    if (fixed) return fixed;
    const [generated] = fc.sample(
      fc.stringMatching(re).filter((v) => v.length >= min && v.length <= max),
      { seed: 42, numRuns: 1 },
    );
    if (generated !== undefined) return generated;
  }
  const base = /name|title/i.test(name) ? 'Matrix entry' : 'matrix';
  return base.length >= min && base.length <= max ? base : 'm'.repeat(Math.max(min, 1)).slice(0, max);
}
