import { z } from 'zod';

// One wording for missing fields everywhere the contract validates (server and forms alike).
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required';
    return undefined;
  },
});

/** A `true` / `false` query-string flag, as a boolean. */
export const booleanQuery = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * The slug a text suggests — the one rule of the API and the forms: accents dropped, lowercase, runs of
 * anything else as one dash, none at either end, at most `maxLength` characters.
 */
export function slugify(text: string, maxLength = 120): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, maxLength)
    .replace(/-+$/, '');
}

/** Largest value of a PostgreSQL `integer` (int4) column; query and body numbers bound for one stay at or below it. */
export const INT4_MAX = 2_147_483_647;

/**
 * PostgreSQL text cannot hold U+0000, so a NUL anywhere in a request is refused as a field error. One rule for
 * every string: the API applies `rejectNulCharacters` to every route's body, query and path schema.
 */
export const NUL_CHARACTER_MESSAGE = 'Must not contain the NUL character (U+0000)';

/** Paths of every string (object keys included) in `value` that contains U+0000. */
export function nulCharacterPaths(value: unknown, at: (string | number)[] = [], found: (string | number)[][] = []): (string | number)[][] {
  if (typeof value === 'string') {
    if (value.includes('\u0000')) found.push(at);
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => nulCharacterPaths(item, [...at, index], found));
  } else if (value !== null && typeof value === 'object' && !ArrayBuffer.isView(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes('\u0000')) found.push([...at, key]);
      else nulCharacterPaths(item, [...at, key], found);
    }
  }
  return found;
}

/** `schema`, refusing first any input with U+0000 in a string (the issue points at the field). */
export function rejectNulCharacters<T extends z.ZodType>(schema: T) {
  return z
    .unknown()
    .superRefine((value, ctx) => {
      for (const path of nulCharacterPaths(value)) ctx.addIssue({ code: 'custom', path, message: NUL_CHARACTER_MESSAGE, input: value });
    })
    .pipe(schema);
}

/** Zero-based page query shared by every list endpoint (docs/conventions.md §6). */
export const PageQuerySchema = z.object({
  page: z.coerce.number().int().min(0).max(100_000).default(0),
  size: z.coerce.number().int().min(1).max(100).default(20),
});
export type PageQuery = z.infer<typeof PageQuerySchema>;

/** `sort=field,asc|desc` (Spring style, what the back-office tables send). */
export function sortParam<const T extends readonly [string, ...string[]]>(fields: T, fallback: `${T[number]},${'asc' | 'desc'}`) {
  const pattern = new RegExp(`^(${fields.join('|')})(,(asc|desc))?$`);
  return z
    .string()
    .regex(pattern, `sort must be one of ${fields.join(', ')} optionally followed by ,asc or ,desc`)
    .default(fallback)
    .transform((value) => {
      const [field, dir] = value.split(',');
      return { field: field as T[number], direction: (dir ?? 'asc') as 'asc' | 'desc' };
    });
}

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    page: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
  });
}
export interface Page<T> {
  content: T[];
  page: number;
  size: number;
  totalElements: number;
  totalPages: number;
}

export const UuidParamsSchema = z.object({ id: z.uuid() });

export const HealthSchema = z.object({
  status: z.enum(['UP', 'DOWN']),
  service: z.string(),
  database: z.enum(['UP', 'DOWN']).optional(),
  timestamp: z.iso.datetime(),
});
export type Health = z.infer<typeof HealthSchema>;

export const CountSchema = z.object({ count: z.number().int() });
export type Count = z.infer<typeof CountSchema>;
export const ExistsSchema = z.object({ exists: z.boolean() });
export type Exists = z.infer<typeof ExistsSchema>;
