import { z } from 'zod';

/** The one error body every failure returns (docs/conventions.md §5). */
export const ErrorResponseSchema = z.object({
  status: z.number().int(),
  error: z.string(),
  code: z.string(),
  message: z.string(),
  details: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>;
