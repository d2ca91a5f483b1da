import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ComponentPageSchema, ComponentSchema, CreateComponentBodySchema, UpdateComponentBodySchema } from '@mirror/contract';
import { registerTaxonomyRoutes } from '../taxonomy/taxonomy.routes';
import type { ComponentsService } from './components.service';

/** The taxonomy routes (`taxonomy.routes.ts`) under /api/components, with the lists by category. */
export const componentsRoutes: FastifyPluginAsyncZod<{ components: ComponentsService }> = async (app, { components }) => {
  registerTaxonomyRoutes(app, components, {
    plural: 'components',
    noun: 'a component',
    schemas: { record: ComponentSchema, page: ComponentPageSchema, create: CreateComponentBodySchema, update: UpdateComponentBodySchema },
    parent: { segment: 'category', list: "A category's components", existsIn: 'Whether a component with this name exists in the category' },
    summaries: {
      list: 'List components',
      name: 'A component by name',
      exists: 'Whether a component with this name exists in any category',
      create: 'Create a component in a category',
      remove: 'Delete a component without optionals (409 otherwise)',
    },
  });
};
