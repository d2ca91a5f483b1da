import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { executeCompiled } from './row-mapper';
import { rowsOf } from './sql-helpers';

// PostgreSQL only: PGlite has no named statements. A select built for one call (a search) is named by its text
// (decisions §113): the connection parses it once, then only binds and executes; a different text gets another name.
const url = process.env.TEST_DATABASE_URL ?? '';
if (!url) throw new Error('row-mapper.pg.test.ts runs in the PostgreSQL pass only (TEST_DATABASE_URL)');

describe('statements named by their text (PostgreSQL)', () => {
  it('parses a text once per connection and gives another text another name', async () => {
    const database = await openDatabase({ kind: 'postgres', url, poolMax: 1 });
    try {
      const db = database.db;
      const pick = (word: string) => db.select({ word: sql<string>`${word}::text` }).from(sql`(select 1) as one`);
      const other = (n: number) => db.select({ n: sql<number>`${n}::int + 1` }).from(sql`(select 1) as one`);
      expect(await executeCompiled(pick('diamond'))).toEqual([{ word: 'diamond' }]);
      // The same text with another value: the statement is reused, the value is the new one.
      expect(await executeCompiled(pick('sapphire'))).toEqual([{ word: 'sapphire' }]);
      expect(await executeCompiled(other(41))).toEqual([{ n: 42 }]);
      const statements = rowsOf<{ name: string; statement: string }>(
        await db.execute(sql`select name, statement from pg_prepared_statements where name like 't\_%' order by statement`),
      );
      expect(statements).toHaveLength(2);
      expect(statements.every((s) => /^t_[0-9a-f]{24}$/.test(s.name))).toBe(true);
      expect(new Set(statements.map((s) => s.name)).size).toBe(2);
    } finally {
      await database.close();
    }
  });
});
