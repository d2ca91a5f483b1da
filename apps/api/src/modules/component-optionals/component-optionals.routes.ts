import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ComponentOptionalPageSchema,
  ComponentOptionalSchema,
  CreateComponentOptionalBodySchema,
  UpdateComponentOptionalBodySchema,
} from '@mirror/contract';
import { registerTaxonomyRoutes } from '../taxonomy/taxonomy.routes';
import type { ComponentOptionalsService } from './component-optionals.service';

/** The taxonomy routes (`taxonomy.routes.ts`) under /api/component-optionals, with the lists by component. */
export const componentOptionalsRoutes: FastifyPluginAsyncZod<{ componentOptionals: ComponentOptionalsService }> = async (
  app,
  { componentOptionals },
) => {
  registerTaxonomyRoutes(app, componentOptionals, {
    plural: 'component-optionals',
    noun: 'an optional',
    schemas: {
      record: ComponentOptionalSchema,
      page: ComponentOptionalPageSchema,
      create: CreateComponentOptionalBodySchema,
      update: UpdateComponentOptionalBodySchema,
    },
    parent: {
      segment: 'component',
      list: "A component's optionals",
      existsIn: 'Whether an optional with this name exists under the component',
    },
    summaries: {
      list: 'List component-optionals',
      name: 'An optional by name',
      exists: 'Whether an optional with this name exists under any component',
      create: 'Create an optional under a component',
      remove: 'Delete an optional',
    },
  });
};
