import { and, count, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, components, products, type CategoryRow } from '../../db/schema/index';
import { createTaxonomyRepo } from '../taxonomy/taxonomy.repo';

export type NewCategoryRow = typeof categories.$inferInsert;

/** The taxonomy repo (`taxonomy.repo.ts`) over categories, plus the pieces per category. */
export function createCategoriesRepo(db: Db) {
  return {
    ...createTaxonomyRepo<CategoryRow, NewCategoryRow>(db, {
      table: categories,
      children: { column: components.categoryId, table: components },
      referencedBy: [
        { table: products, column: products.categoryId },
        { table: components, column: components.categoryId },
      ],
    }),

    /**
     * Pieces per category in one grouped query: not soft-deleted (`all`), or also ACTIVE (what a visitor
     * sees, read from products_live_category_idx). Categories without pieces are absent.
     */
    async productCounts(ids: string[], pieces: 'all' | 'live'): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: products.categoryId, value: count() })
        .from(products)
        .where(
          and(inArray(products.categoryId, ids), isNull(products.deletedAt), pieces === 'live' ? eq(products.status, 'ACTIVE') : undefined),
        )
        .groupBy(products.categoryId);
      return new Map(rows.map((r) => [r.id, r.value]));
    },
  };
}

export type CategoriesRepo = ReturnType<typeof createCategoriesRepo>;
