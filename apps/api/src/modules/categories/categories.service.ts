import type { Category, CreateCategoryBody, UpdateCategoryBody } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { CategoryRow } from '../../db/schema/index';
import { createTaxonomyService } from '../taxonomy/taxonomy.service';
import { createCategoriesRepo, type CategoriesRepo, type NewCategoryRow } from './categories.repo';

export function toCategoryDto(row: CategoryRow, counts: { productCount: number; componentCount: number }): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    productCount: counts.productCount,
    componentCount: counts.componentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The taxonomy service (`taxonomy.service.ts`) for the top level: categories, with their pieces and components counted. */
export function createCategoriesService(deps: { db: Db }) {
  return createTaxonomyService<CategoryRow, NewCategoryRow, CategoriesRepo, Category, CreateCategoryBody, UpdateCategoryBody>(
    {
      kind: 'CATEGORY',
      noun: 'a category',
      table: 'categories',
      repo: createCategoriesRepo,
      insert: (body) => ({ name: body.name, description: body.description ?? null, isActive: body.isActive }),
      // Two grouped queries for the whole page, whatever its size.
      async present(repo, rows, seesAll) {
        const ids = rows.map((r) => r.id);
        const [productCounts, componentCounts] = await Promise.all([
          repo.productCounts(ids, seesAll ? 'all' : 'live'),
          repo.childCounts(ids, seesAll),
        ]);
        return rows.map((r) =>
          toCategoryDto(r, { productCount: productCounts.get(r.id) ?? 0, componentCount: componentCounts.get(r.id) ?? 0 }),
        );
      },
      created: (row) => toCategoryDto(row, { productCount: 0, componentCount: 0 }),
      inUse: 'This category is still used by products or components. Deactivate it instead.',
    },
    deps,
  );
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
