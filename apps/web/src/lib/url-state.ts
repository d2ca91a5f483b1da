/**
 * List state lives in the URL (docs/conventions.md §11). These helpers read typed values from search
 * params and write changes back, dropping defaults so URLs stay short and shareable.
 */
export type ParamSpec<T> = { [K in keyof T]: { parse: (raw: string | null) => T[K]; default: T[K] } };

export function readParams<T>(params: URLSearchParams, spec: ParamSpec<T>): T {
  const out = {} as T;
  for (const key of Object.keys(spec) as (keyof T)[]) {
    const field = spec[key];
    const raw = params.get(String(key));
    out[key] = raw === null || raw === '' ? field.default : field.parse(raw);
  }
  return out;
}

/**
 * Applies a patch to the current params. Keys set to their default (or undefined / '') are
 * removed. Changing any key other than `page` resets the page, so a new filter starts at page 1.
 */
export function patchParams<T>(current: URLSearchParams, spec: ParamSpec<T>, patch: Partial<T>, pageKey = 'page'): URLSearchParams {
  const next = new URLSearchParams(current);
  let isFilterChange = false;
  for (const [key, value] of Object.entries<unknown>(patch)) {
    // The patch's keys are whatever the object holds at run time: a key outside the spec has no field.
    const field = Object.hasOwn(spec, key) ? spec[key as keyof T] : undefined;
    if (key !== pageKey) isFilterChange = true;
    if (value === undefined || value === null || value === '' || (field && value === field.default)) next.delete(key);
    // URL state holds strings, numbers and booleans.
    else if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') next.set(key, String(value));
    else next.set(key, JSON.stringify(value));
  }
  if (isFilterChange && !(pageKey in patch)) next.delete(pageKey);
  return next;
}

export const param = {
  string: (fallback = ''): { parse: (raw: string | null) => string; default: string } => ({
    parse: (raw) => raw ?? fallback,
    default: fallback,
  }),
  /** One of a fixed set; anything else falls back. */
  oneOf: <const V extends string>(values: readonly V[], fallback: V) => ({
    parse: (raw: string | null): V => ((values as readonly string[]).includes(raw ?? '') ? (raw as V) : fallback),
    default: fallback,
  }),
  optionalOneOf: <const V extends string>(values: readonly V[]) => ({
    parse: (raw: string | null): V | undefined => ((values as readonly string[]).includes(raw ?? '') ? (raw as V) : undefined),
    default: undefined as V | undefined,
  }),
  /** Non-negative integer; garbage falls back. `offset` maps 1-based URLs to 0-based values. */
  int: (fallback: number, { min = 0, max = Number.MAX_SAFE_INTEGER } = {}) => ({
    parse: (raw: string | null): number => {
      const n = Number(raw);
      return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
    },
    default: fallback,
  }),
  optionalInt: ({ min = 0, max = Number.MAX_SAFE_INTEGER } = {}) => ({
    parse: (raw: string | null): number | undefined => {
      const n = Number(raw);
      return raw !== null && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
    },
    default: undefined as number | undefined,
  }),
  optionalString: () => ({
    parse: (raw: string | null): string | undefined => raw?.trim() || undefined,
    default: undefined as string | undefined,
  }),
};
