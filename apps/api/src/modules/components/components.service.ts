import type { Component, CreateComponentBody, UpdateComponentBody } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { ComponentRow } from '../../db/schema/index';
import { createTaxonomyService } from '../taxonomy/taxonomy.service';
import { createComponentsRepo, type ComponentsRepo, type NewComponentRow } from './components.repo';

export function toComponentDto(row: ComponentRow, optionalCount: number): Component {
  return {
    id: row.id,
    categoryId: row.categoryId,
    optionalCount,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The taxonomy service (`taxonomy.service.ts`) for components: in a category, with their optionals counted. */
export function createComponentsService(deps: { db: Db }) {
  return createTaxonomyService<ComponentRow, NewComponentRow, ComponentsRepo, Component, CreateComponentBody, UpdateComponentBody>(
    {
      kind: 'COMPONENT',
      noun: 'a component',
      table: 'components',
      repo: createComponentsRepo,
      parent: { kind: 'CATEGORY', key: 'categoryId' },
      insert: (body) => ({ categoryId: body.categoryId, name: body.name, description: body.description ?? null, isActive: body.isActive }),
      // One grouped query for the whole page.
      async present(repo, rows, seesAll) {
        const counts = await repo.childCounts(
          rows.map((r) => r.id),
          seesAll,
        );
        return rows.map((r) => toComponentDto(r, counts.get(r.id) ?? 0));
      },
      created: (row) => toComponentDto(row, 0),
      inUse: 'This component still has optionals. Deactivate it instead.',
    },
    deps,
  );
}

export type ComponentsService = ReturnType<typeof createComponentsService>;
