import { ErrorResponseSchema } from '@mirror/contract';

/** Per-status error responses for a route's schema, all in the one error shape. */
export function errorResponses(...statuses: number[]) {
  return Object.fromEntries(statuses.map((s) => [s, ErrorResponseSchema])) as Record<number, typeof ErrorResponseSchema>;
}
