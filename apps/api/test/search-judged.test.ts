import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../src/db/seed/index';
import { buildTestApp, type TestApp } from './helpers';
import { judgedPieces, measure, relevant, type JudgedQuery } from './search-judged';
import type { ProductSearchPage } from '@mirror/contract';

const judged = JSON.parse(readFileSync(new URL('./search-judged.json', import.meta.url), 'utf8')) as { queries: JudgedQuery[] };

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.database.db);
}, 180_000);
afterAll(() => t.close());

describe('the judged search set (test/search-judged.json)', () => {
  it('holds at least 40 queries whose expected pieces follow from their rules on the demo catalogue', async () => {
    expect(judged.queries.length).toBeGreaterThanOrEqual(40);
    const pieces = await judgedPieces(t.database.db);
    for (const query of judged.queries) {
      // After a change to the seed or a rule: `npx tsx test/search-judged.build.ts` (from apps/api).
      expect(query.expected, `"${query.q}": expected pieces out of date, rebuild the judged set`).toEqual(relevant(query.rule, pieces));
      expect(query.expected.length, `"${query.q}" judges no piece`).toBeGreaterThan(0);
    }
  });

  it('finds them: mean precision@10 and mean recall of at least 0.95', async () => {
    const rows: { q: string; precision10: number; recall: number; answered: number; expected: number }[] = [];
    for (const query of judged.queries) {
      const res = await t.request<ProductSearchPage>(`/api/products/search?q=${encodeURIComponent(query.q)}&size=100`);
      expect(res.status, query.q).toBe(200);
      expect(res.body.totalElements, `"${query.q}" answers more than one page`).toBeLessThanOrEqual(100);
      const answered = res.body.content.map((p: { sku: string }) => p.sku);
      rows.push({ q: query.q, ...measure(answered, query.expected), answered: answered.length, expected: query.expected.length });
    }
    const mean = (key: 'precision10' | 'recall') => rows.reduce((sum, r) => sum + r[key], 0) / rows.length;
    const misses = rows
      .filter((r) => r.precision10 < 1 || r.recall < 1)
      .map(
        (r) => `${r.q}: P@10 ${r.precision10.toFixed(2)}, recall ${r.recall.toFixed(2)} (${r.answered} answered, ${r.expected} expected)`,
      );
    console.log(
      `judged search set: ${rows.length} queries, mean precision@10 ${mean('precision10').toFixed(3)}, mean recall ${mean('recall').toFixed(3)}${misses.length ? `\n  ${misses.join('\n  ')}` : ''}`,
    );
    expect(mean('precision10'), misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(mean('recall'), misses.join('\n')).toBeGreaterThanOrEqual(0.95);
  });
});
