/**
 * The judged search set (test/search-judged.json): each query's correct result set is given by a rule over the
 * demo catalogue's plain columns — never by the search. This module reads those columns and evaluates the rules;
 * `search-judged.build.ts` writes the expected SKUs into the JSON and `search-judged.test.ts` holds the search to
 * precision@10 and recall on them.
 *
 * Rules (a piece is relevant when its predicate holds; words compare lower-cased with accents removed):
 * - `stone`, `cut`, `colour`: the piece's gemstone type / cut / colour equals the value;
 * - `metal`: the piece's metal is one of the values;
 * - `category`: the piece's category is one of the values;
 * - `nameWord`: the piece's name has this word, singular or plural (name words split on anything not a letter);
 * - `collection`: the piece belongs to the collection of this name;
 * - `sku`: the piece's SKU, case-insensitive;
 * - `any` / `all`: one of / every one of the nested rules.
 * Only what the public sees is judged: ACTIVE pieces, not deleted.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/client';
import { rowsOf } from '../src/db/sql-helpers';

export type Rule =
  | { stone: string }
  | { cut: string }
  | { colour: string }
  | { metal: string[] }
  | { category: string[] }
  | { nameWord: string }
  | { collection: string }
  | { sku: string }
  | { any: Rule[] }
  | { all: Rule[] };

export interface JudgedQuery {
  q: string;
  kind: string;
  why: string;
  rule: Rule;
  expected: string[];
}

export interface JudgedPiece {
  sku: string;
  name: string;
  stone: string | null;
  cut: string | null;
  colour: string | null;
  metal: string;
  category: string;
  collections: string[];
}

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const words = (s: string) =>
  fold(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
const same = (a: string | null, b: string) => a !== null && fold(a) === fold(b);

export function holds(rule: Rule, p: JudgedPiece): boolean {
  if ('any' in rule) return rule.any.some((r) => holds(r, p));
  if ('all' in rule) return rule.all.every((r) => holds(r, p));
  if ('stone' in rule) return same(p.stone, rule.stone);
  if ('cut' in rule) return same(p.cut, rule.cut);
  if ('colour' in rule) return same(p.colour, rule.colour);
  if ('metal' in rule) return rule.metal.includes(p.metal);
  if ('category' in rule) return rule.category.some((c) => same(p.category, c));
  if ('collection' in rule) return p.collections.some((c) => same(c, rule.collection));
  if ('sku' in rule) return same(p.sku, rule.sku);
  const w = fold(rule.nameWord);
  return words(p.name).some((n) => n === w || n === `${w}s` || `${n}s` === w);
}

/** The public pieces with the columns the rules read (plain SELECTs, no search). */
export async function judgedPieces(db: Db): Promise<JudgedPiece[]> {
  const rows = rowsOf<Omit<JudgedPiece, 'collections'> & { collections: string }>(
    await db.execute(sql`
    select p.sku, p.name, p.gemstone_type as stone, p.gemstone_cut as cut, p.gemstone_colour as colour, p.metal::text as metal, c.name as category,
           coalesce((select string_agg(k.name, '|') from collection_products cp join collections k on k.id = cp.collection_id
                     where cp.product_id = p.id and k.deleted_at is null), '') as collections
    from products p join categories c on c.id = p.category_id
    where p.status = 'ACTIVE' and p.deleted_at is null
    order by p.sku`),
  );
  return rows.map((r) => ({ ...r, collections: r.collections ? r.collections.split('|') : [] }));
}

export function relevant(rule: Rule, pieces: JudgedPiece[]): string[] {
  return pieces
    .filter((p) => holds(rule, p))
    .map((p) => p.sku)
    .sort();
}

/** Precision among the first ten answers (1 when the search rightly answers nothing) and recall over all answers. */
export function measure(answered: string[], expected: string[]): { precision10: number; recall: number } {
  const want = new Set(expected);
  const top = answered.slice(0, 10);
  const precision10 = top.length === 0 ? (want.size === 0 ? 1 : 0) : top.filter((s) => want.has(s)).length / top.length;
  const found = new Set(answered);
  const recall = want.size === 0 ? (answered.length === 0 ? 1 : 0) : expected.filter((s) => found.has(s)).length / want.size;
  return { precision10, recall };
}
