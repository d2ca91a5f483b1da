import type { Db } from '../../db/client';
import { categories, componentOptionals, components, type ComponentRow } from '../../db/schema/index';
import { createTaxonomyRepo } from '../taxonomy/taxonomy.repo';

export type NewComponentRow = typeof components.$inferInsert;

/** The taxonomy repo (`taxonomy.repo.ts`) over components: under a category, over optionals. */
export function createComponentsRepo(db: Db) {
  return createTaxonomyRepo<ComponentRow, NewComponentRow>(db, {
    table: components,
    parent: { column: components.categoryId, table: categories },
    children: { column: componentOptionals.componentId, table: componentOptionals },
    referencedBy: [{ table: componentOptionals, column: componentOptionals.componentId }],
  });
}

export type ComponentsRepo = ReturnType<typeof createComponentsRepo>;
