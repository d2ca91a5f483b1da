/** Small helpers the repositories share for hand-written SQL. */

/** `value` as a literal inside a LIKE / ILIKE pattern: its `\`, `%` and `_` match themselves. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** The rows of `db.execute(sql…)`: node-postgres and PGlite answer `{ rows }`, some drivers the array itself. */
export function rowsOf<T>(result: unknown): T[] {
  return ((result as { rows?: T[] }).rows ?? result) as T[];
}
