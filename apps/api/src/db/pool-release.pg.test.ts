import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { rowsOf } from './sql-helpers';

// PostgreSQL only: PGlite has no pool. A transaction whose BEGIN fails (in production: a connection PostgreSQL cut
// while it sat in the pool) must give its connection back; drizzle's transaction() does not (BEGIN is sent before
// its try/finally), so the pool does it (client.ts, releasedIfFirstStatementFails). Seen before as a database
// close that never ended after a PostgreSQL restart (database-restart.pg.test.ts's teardown).
const url = process.env.TEST_DATABASE_URL ?? '';
if (!url) throw new Error('pool-release.pg.test.ts runs in the PostgreSQL pass only (TEST_DATABASE_URL)');

/** The promise, or a clear failure after `ms` (a leaked connection makes the next statement wait for ever). */
function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms)),
  );
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

describe('a one-connection pool (PostgreSQL)', () => {
  it('gets its connection back from a transaction whose BEGIN failed, and still closes', async () => {
    const database = await openDatabase({ kind: 'postgres', url, poolMax: 1 });
    try {
      // A BEGIN PostgreSQL refuses: the deterministic stand-in for one sent on a connection a restart cut.
      const refused = database.db.transaction(() => Promise.resolve('never'), { isolationLevel: 'not a level' as never });
      await expect(refused).rejects.toThrow(/Failed query: begin isolation level not a level/);
      const [row] = rowsOf<{ one: number }>(await within(database.db.execute(sql`select 1 as one`), 5000, 'the next statement'));
      expect(row?.one).toBe(1);
      // Ordinary transactions still release as before: committed, rolled back, one after another on one connection.
      for (let i = 0; i < 3; i += 1) {
        expect(
          await within(
            database.db.transaction(async (tx) => rowsOf<{ n: number }>(await tx.execute(sql`select ${i}::int as n`)).length),
            5000,
            'commit',
          ),
        ).toBe(1);
        await expect(
          within(
            database.db.transaction(async (tx) => {
              await tx.execute(sql`select 1`);
              throw new Error('rolled back');
            }),
            5000,
            'rollback',
          ),
        ).rejects.toThrow('rolled back');
      }
    } finally {
      await within(database.close(), 5000, 'closing the pool');
    }
  });
});
