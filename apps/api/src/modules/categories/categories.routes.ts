import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CategoryPageSchema,
  CategorySchema,
  CountSchema,
  CreateCategoryBodySchema,
  ExistsSchema,
  TaxonomyListQuerySchema,
  TaxonomyNameParamsSchema,
  UpdateCategoryBodySchema,
  UuidParamsSchema,
} from '@mirror/contract';
import { Public, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { CategoriesService } from './categories.service';

const tags = ['categories'];
const AdminOnly = roles('ADMIN');

export const categoriesRoutes: FastifyPluginAsyncZod<{ categories: CategoriesService }> = async (app, { categories }) => {
  app.get('/api/categories', {
    config: { policy: Public },
    schema: { tags, summary: 'List categories (inactive ones only for ADMIN with includeInactive=true)', querystring: TaxonomyListQuerySchema, response: { 200: CategoryPageSchema, ...errorResponses(400) } },
    handler: async (request) => categories.list({ actor: request.actor, query: request.query, includeInactive: request.query.includeInactive }),
  });

  app.get('/api/categories/count', {
    config: { policy: Public },
    schema: { tags, summary: 'Number of categories', response: { 200: CountSchema } },
    handler: async (request) => categories.count({ actor: request.actor }),
  });

  app.get('/api/categories/name/:name', {
    config: { policy: Public },
    schema: { tags, summary: 'A category by name (case-insensitive)', params: TaxonomyNameParamsSchema, response: { 200: CategorySchema, ...errorResponses(400, 404) } },
    handler: async (request) => categories.getByName({ actor: request.actor, name: request.params.name }),
  });

  app.get('/api/categories/exists/:name', {
    config: { policy: Public },
    schema: { tags, summary: 'Whether a category with this name exists', params: TaxonomyNameParamsSchema, response: { 200: ExistsSchema, ...errorResponses(400) } },
    handler: async (request) => categories.exists({ actor: request.actor, name: request.params.name }),
  });

  app.get('/api/categories/:id', {
    config: { policy: Public },
    schema: { tags, summary: 'A category by id', params: UuidParamsSchema, response: { 200: CategorySchema, ...errorResponses(400, 404) } },
    handler: async (request) => categories.get({ actor: request.actor, id: request.params.id }),
  });

  app.post('/api/categories', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Create a category', body: CreateCategoryBodySchema, response: { 201: CategorySchema, ...errorResponses(400, 401, 403, 409) } },
    handler: async (request, reply) => reply.code(201).send(await categories.create({ body: request.body })),
  });

  app.put('/api/categories/:id', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Update a category', params: UuidParamsSchema, body: UpdateCategoryBodySchema, response: { 200: CategorySchema, ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (request) => categories.update({ id: request.params.id, patch: request.body }),
  });

  app.delete('/api/categories/:id', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Delete an unused category (409 while products or components use it)', params: UuidParamsSchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (request, reply) => {
      await categories.remove({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.patch('/api/categories/:id/deactivate', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Deactivate a category', params: UuidParamsSchema, response: { 200: CategorySchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => categories.setActive({ id: request.params.id, isActive: false }),
  });

  app.patch('/api/categories/:id/activate', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Activate a category', params: UuidParamsSchema, response: { 200: CategorySchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => categories.setActive({ id: request.params.id, isActive: true }),
  });
};
