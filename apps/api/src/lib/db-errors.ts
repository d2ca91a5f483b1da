/** Postgres error details, whether thrown by node-postgres, PGlite, or wrapped by Drizzle. */
export function pgErrorOf(err: unknown): { code?: string; constraint?: string } | undefined {
  let current: unknown = err;
  for (let depth = 0; depth < 4 && current; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    current = e.cause;
  }
  return undefined;
}

export function isUniqueViolation(err: unknown, constraint?: string): boolean {
  const pgErr = pgErrorOf(err);
  return pgErr?.code === '23505' && (!constraint || pgErr.constraint === constraint);
}
