import type { ComponentOptional, CreateComponentOptionalBody, UpdateComponentOptionalBody } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { ComponentOptionalRow } from '../../db/schema/index';
import { createTaxonomyService } from '../taxonomy/taxonomy.service';
import { createComponentOptionalsRepo, type ComponentOptionalsRepo, type NewComponentOptionalRow } from './component-optionals.repo';

export function toComponentOptionalDto(row: ComponentOptionalRow): ComponentOptional {
  return {
    id: row.id,
    componentId: row.componentId,
    priceDelta: row.priceDelta,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The taxonomy service (`taxonomy.service.ts`) for component-optionals: under a component, with a price delta, nothing below. */
export function createComponentOptionalsService(deps: { db: Db }) {
  return createTaxonomyService<
    ComponentOptionalRow,
    NewComponentOptionalRow,
    ComponentOptionalsRepo,
    ComponentOptional,
    CreateComponentOptionalBody,
    UpdateComponentOptionalBody
  >(
    {
      kind: 'COMPONENT_OPTIONAL',
      noun: 'an optional',
      table: 'component_optionals',
      repo: createComponentOptionalsRepo,
      parent: { kind: 'COMPONENT', key: 'componentId' },
      insert: (body) => ({
        componentId: body.componentId,
        priceDelta: body.priceDelta,
        name: body.name,
        description: body.description ?? null,
        isActive: body.isActive,
      }),
      present: (_repo, rows) => Promise.resolve(rows.map(toComponentOptionalDto)),
      created: toComponentOptionalDto,
    },
    deps,
  );
}

export type ComponentOptionalsService = ReturnType<typeof createComponentOptionalsService>;
