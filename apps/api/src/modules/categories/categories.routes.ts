import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CategoryPageSchema, CategorySchema, CreateCategoryBodySchema, UpdateCategoryBodySchema } from '@mirror/contract';
import { registerTaxonomyRoutes } from '../taxonomy/taxonomy.routes';
import type { CategoriesService } from './categories.service';

/** The taxonomy routes (`taxonomy.routes.ts`) under /api/categories. */
export const categoriesRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (app, { categories }) => {
  registerTaxonomyRoutes(app, categories, {
    plural: 'categories',
    noun: 'a category',
    schemas: { record: CategorySchema, page: CategoryPageSchema, create: CreateCategoryBodySchema, update: UpdateCategoryBodySchema },
    summaries: {
      list: 'List categories (inactive ones only for ADMIN with includeInactive=true)',
      name: 'A category by name (case-insensitive)',
      exists: 'Whether a category with this name exists',
      create: 'Create a category',
      remove: 'Delete an unused category (409 while products or components use it)',
    },
  });
};
