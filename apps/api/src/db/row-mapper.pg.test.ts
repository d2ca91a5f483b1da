import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { collecting, preparedStatements } from '../modules/products/products.statements.repo';
import { openDatabase } from './client';
import { executeCompiled } from './row-mapper';
import { rowsOf } from './sql-helpers';

// PostgreSQL only: PGlite has no named statements. A statement kept per shape (a search page, decisions §113) is
// parsed once per connection and runs again with other values; a statement built for one call (a list narrowed by a
// search, decisions §29) stays unnamed, planned with its values each time.
const url = process.env.TEST_DATABASE_URL ?? '';
if (!url) throw new Error('row-mapper.pg.test.ts runs in the PostgreSQL pass only (TEST_DATABASE_URL)');

describe('statements kept per shape, and for one call (PostgreSQL)', () => {
  it('parses a shape once per connection, runs it with new values, and keeps nothing for a one-call statement', async () => {
    const database = await openDatabase({ kind: 'postgres', url, poolMax: 1 });
    try {
      const db = database.db;
      const named = async () => rowsOf<{ name: string }>(await db.execute(sql`select name from pg_prepared_statements order by name`));
      const { preparedQuery } = preparedStatements();
      const pick = (word: string) => {
        const params: Record<string, unknown> = {};
        const bound = collecting(params)('word', word);
        return preparedQuery<{ word: string }[]>('row-mapper-test|pick', () =>
          db.select({ word: sql<string>`${bound}::text` }).from(sql`(select 1) as one`),
        )(params);
      };
      expect(await pick('diamond')).toEqual([{ word: 'diamond' }]);
      // The same shape with another value: the statement is reused, the value is the new one.
      expect(await pick('sapphire')).toEqual([{ word: 'sapphire' }]);
      const kept = await named();
      expect(kept).toHaveLength(1);
      expect(await executeCompiled(db.select({ n: sql<number>`${41}::int + 1` }).from(sql`(select 1) as one`))).toEqual([{ n: 42 }]);
      expect(await named()).toEqual(kept);
    } finally {
      await database.close();
    }
  });
});
