import { DrizzleQueryError } from 'drizzle-orm';

/** Seconds a client is asked to wait (`Retry-After`) when the database cannot be reached. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

const UNREACHABLE = Symbol.for('mirror.databaseUnreachable');

// Socket-level failures. They count only when the database driver raised them (a pool connect, or a query
// Drizzle wrapped): the same codes from S3, SMTP or the captcha verifier are not a database outage.
const SOCKET_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'ECONNABORTED',
]);
// SQLSTATE: class 08 connection exception; 57P01 admin_shutdown, 57P02 crash_shutdown, 57P03 cannot_connect_now;
// 53300 too_many_connections.
const UNAVAILABLE_SQLSTATE = /^(08[0-9A-Z]{3}|57P0[123]|53300)$/;
// node-postgres and pg-pool say these with a message only; PGlite after close().
const UNAVAILABLE_MESSAGE =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable|PGlite is closed)/;

/** Tags an error raised while getting a database connection (see `isDatabaseUnavailable`). */
export function markDatabaseUnreachable<T>(err: T): T {
  if (err && typeof err === 'object') (err as Record<symbol, unknown>)[UNREACHABLE] = true;
  return err;
}

/**
 * True when the database could not be reached or went away, as opposed to refusing a statement: the request
 * may succeed later, so it answers 503 DATABASE_UNAVAILABLE with Retry-After rather than 500.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const pending: { error: unknown; fromDriver: boolean }[] = [{ error: err, fromDriver: false }];
  for (let seen = 0; pending.length && seen < 12; seen += 1) {
    const { error, fromDriver } = pending.shift()!;
    if (!error || typeof error !== 'object') continue;
    const e = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown; [UNREACHABLE]?: boolean };
    if (e[UNREACHABLE]) return true;
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNAVAILABLE_SQLSTATE.test(code)) return true;
    if (fromDriver && SOCKET_ERRNO.has(code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
    const inner = fromDriver || error instanceof DrizzleQueryError;
    pending.push({ error: e.cause, fromDriver: inner });
    // A dual-stack connect failure is an AggregateError of one error per address.
    if (Array.isArray(e.errors)) pending.push(...(e.errors as unknown[]).map((item) => ({ error: item, fromDriver: inner })));
  }
  return false;
}
