/**
 * Writes each judged query's `expected` SKUs into test/search-judged.json from its rule, evaluated on the demo
 * catalogue's plain columns (no search). Run from apps/api: `npx tsx test/search-judged.build.ts`.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { seedDemo } from '../src/db/seed/index';
import { buildTestApp } from './helpers';
import { judgedPieces, relevant, type JudgedQuery } from './search-judged';

const file = fileURLToPath(new URL('./search-judged.json', import.meta.url));
const doc = JSON.parse(readFileSync(file, 'utf8')) as { about: string; queries: JudgedQuery[] };
const t = await buildTestApp();
try {
  await seedDemo(t.database.db);
  const pieces = await judgedPieces(t.database.db);
  for (const query of doc.queries) query.expected = relevant(query.rule, pieces);
  writeFileSync(file, `${JSON.stringify(doc, null, 2)}\n`);
  console.log(`${doc.queries.length} queries over ${pieces.length} public pieces written to ${file}`);
} finally {
  await t.close();
}
