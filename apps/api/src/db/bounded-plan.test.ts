import { describe, expect, it } from 'vitest';
import { conditionsOf, isBoundedPlan, type PlanNode } from './bounded-plan';

// Index keys as pg_get_indexdef(index, k, true) prints them (the products table's, decision 0134's examples).
const KEYS: Record<string, string[]> = {
  products_live_category_price_idx: ['category_id', 'sort_price', 'id', 'metal', 'stock_quantity'],
  products_stone_price_idx: ['lower(gemstone_type)', 'sort_price', 'id', 'status', 'stock_quantity', 'deleted_at'],
  products_stock_idx: ['stock_quantity', 'id', 'status', 'deleted_at'],
  products_status_idx: ['status', 'created_at', 'id'],
  products_price_idx: ['sort_price', 'id', 'status', 'stock_quantity', 'deleted_at'],
  three: ['a', 'b', 'c'],
};
const keysOf = (index: string) => KEYS[index];
const limitOver = (scan: Partial<PlanNode>): PlanNode => ({ 'Node Type': 'Limit', Plans: [{ 'Node Type': 'Index Scan', ...scan }] });

describe('isBoundedPlan: a generic plan that reads only what its values select (decision 0134)', () => {
  it('accepts a LIMIT over an index led by the equalities, bounded next on the sort key (a keyset cursor, a range)', () => {
    expect(
      isBoundedPlan(
        limitOver({
          'Node Type': 'Index Only Scan',
          'Index Name': 'products_live_category_price_idx',
          'Index Cond':
            "((category_id = $1) AND (ROW(sort_price, id) > ROW($2, $3)) AND (metal = 'SILVER'::metal_type) AND (stock_quantity > 0))",
        }),
        keysOf,
      ),
    ).toBe(true);
    expect(
      isBoundedPlan(
        limitOver({
          'Index Name': 'products_stone_price_idx',
          'Index Cond': '((lower(gemstone_type) = lower($1)) AND (sort_price >= $2) AND (deleted_at IS NULL))',
          Filter: "(status = 'ACTIVE'::product_status)",
        }),
        keysOf,
      ),
    ).toBe(true);
    // A literal pins a leading key as well as a parameter does.
    expect(
      isBoundedPlan(
        limitOver({ 'Index Name': 'products_status_idx', 'Index Cond': "((status = 'DRAFT'::product_status) AND (created_at < $1))" }),
        keysOf,
      ),
    ).toBe(true);
    // No parameter at all: the plan is the one made for the values.
    expect(
      isBoundedPlan(
        limitOver({ 'Index Name': 'products_stock_idx', 'Index Cond': "((status = 'ACTIVE'::product_status) AND (deleted_at IS NULL))" }),
        keysOf,
      ),
    ).toBe(true);
  });

  it('refuses a parameter checked in the heap or on a key after the unpinned ones: such a scan may read the whole index', () => {
    // "One category, newest first" at 1M: 890,000 buffers for a category with no pieces.
    expect(
      isBoundedPlan(
        limitOver({
          'Index Name': 'products_status_idx',
          'Index Cond': "(status = 'ACTIVE'::product_status)",
          Filter: '((deleted_at IS NULL) AND (category_id = $1))',
        }),
        keysOf,
      ),
    ).toBe(false);
    // The status is the third key of the stock index: every entry is read to find a rare status.
    expect(
      isBoundedPlan(limitOver({ 'Index Name': 'products_stock_idx', 'Index Cond': '((status = $1) AND (deleted_at IS NULL))' }), keysOf),
    ).toBe(false);
    // An equality after a key nothing pins.
    expect(isBoundedPlan(limitOver({ 'Index Name': 'three', 'Index Cond': '((a = $1) AND (c = $2))' }), keysOf)).toBe(false);
    // A range on a key that is not the one after the pinned ones.
    expect(isBoundedPlan(limitOver({ 'Index Name': 'three', 'Index Cond': '((a = $1) AND (c > $2))' }), keysOf)).toBe(false);
    expect(isBoundedPlan(limitOver({ 'Index Name': 'three', 'Index Cond': '((a = $1) AND (ROW(c, b) > ROW($2, $3)))' }), keysOf)).toBe(
      false,
    );
    // A set of values pins nothing.
    expect(isBoundedPlan(limitOver({ 'Index Name': 'three', 'Index Cond': '(a = ANY ($1))' }), keysOf)).toBe(false);
  });

  it('refuses every other shape: a sort, a bitmap, a join, an index it cannot read the keys of', () => {
    const sorted: PlanNode = {
      'Node Type': 'Limit',
      Plans: [{ 'Node Type': 'Sort', Plans: [{ 'Node Type': 'Index Scan', 'Index Name': 'three', 'Index Cond': '(a = $1)' }] }],
    };
    expect(isBoundedPlan(sorted, keysOf)).toBe(false);
    expect(
      isBoundedPlan(
        { 'Node Type': 'Limit', Plans: [{ 'Node Type': 'Bitmap Heap Scan', Plans: [{ 'Node Type': 'Bitmap Index Scan' }] }] },
        keysOf,
      ),
    ).toBe(false);
    expect(isBoundedPlan({ 'Node Type': 'Index Scan', 'Index Name': 'three', 'Index Cond': '(a = $1)' }, keysOf)).toBe(false);
    expect(isBoundedPlan(limitOver({ 'Index Name': 'unknown_idx', 'Index Cond': '(a = $1)' }), keysOf)).toBe(false);
    expect(
      isBoundedPlan(limitOver({ 'Index Name': 'three', 'Index Cond': '(a = $1)', Plans: [{ 'Node Type': 'Seq Scan' }] }), keysOf),
    ).toBe(false);
  });

  it('reads conditions whatever their literals hold', () => {
    expect(conditionsOf("((a = 'x AND (y'::text) AND (b = $1))")).toEqual(["(a = 'x AND (y'::text)", '(b = $1)']);
    expect(conditionsOf('(a = $1)')).toEqual(['a = $1']);
    expect(isBoundedPlan(limitOver({ 'Index Name': 'three', 'Index Cond': "((a = 'x AND (y'::text) AND (b = $1))" }), keysOf)).toBe(true);
  });
});
