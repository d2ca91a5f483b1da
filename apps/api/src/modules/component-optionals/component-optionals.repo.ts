import type { Db } from '../../db/client';
import { componentOptionals, components, type ComponentOptionalRow } from '../../db/schema/index';
import { createTaxonomyRepo } from '../taxonomy/taxonomy.repo';

export type NewComponentOptionalRow = typeof componentOptionals.$inferInsert;

/** The taxonomy repo (`taxonomy.repo.ts`) over component-optionals: under a component, the last level. */
export function createComponentOptionalsRepo(db: Db) {
  return createTaxonomyRepo<ComponentOptionalRow, NewComponentOptionalRow>(db, {
    table: componentOptionals,
    parent: { column: componentOptionals.componentId, table: components },
  });
}

export type ComponentOptionalsRepo = ReturnType<typeof createComponentOptionalsRepo>;
