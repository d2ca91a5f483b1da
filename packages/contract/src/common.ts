import { z } from 'zod';

// One wording for missing fields everywhere the contract validates (server and forms alike).
z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required';
    return undefined;
  },
});

/** Zero-based page query shared by every list endpoint (CONVENTIONS §6). */
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
export const ExistsSchema = z.object({ exists: z.boolean() });
