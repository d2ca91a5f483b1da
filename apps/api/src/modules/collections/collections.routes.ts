import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AddCollectionProductBodySchema,
  CollectionFacetsSchema,
  CollectionFeaturedBodySchema,
  CollectionItemPageSchema,
  CollectionItemSchema,
  CollectionListQuerySchema,
  CollectionPageSchema,
  CollectionProductOrderBodySchema,
  CollectionProductParamsSchema,
  CollectionSchema,
  CollectionSearchQuerySchema,
  CollectionSeasonSchema,
  CollectionSortOrderBodySchema,
  CollectionStatisticsSchema,
  CollectionWithProductsPageSchema,
  CollectionWithProductsQuerySchema,
  CreateCollectionBodySchema,
  HealthSchema,
  PageQuerySchema,
  UpdateCollectionBodySchema,
  UuidParamsSchema,
  type CollectionListQuery,
} from '@mirror/contract';
import { Public, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { CollectionFilter } from './collections.repo';
import type { CollectionsService } from './collections.service';

const tags = ['collections'];
const AdminOnly = roles('ADMIN');
const ListResponses = { 200: CollectionPageSchema, ...errorResponses(400) };
const YearParam = z.coerce.number().int().min(1900).max(2200);

const filterOf = (q: CollectionListQuery): CollectionFilter => ({
  year: q.year,
  season: q.season,
  featured: q.featured,
  includeDeleted: q.includeDeleted,
  deleted: q.deleted,
  productId: q.productId,
});

export const collectionsRoutes: FastifyPluginAsyncZod<{ collections: CollectionsService; health: () => Promise<boolean> }> = async (
  app,
  { collections, health },
) => {
  const listRoute = (url: string, summary: string, extra: (f: CollectionFilter) => CollectionFilter = (f) => f) =>
    app.get(url, {
      config: { policy: Public },
      schema: { tags, summary, querystring: CollectionListQuerySchema, response: { ...ListResponses, ...errorResponses(401, 403) } },
      handler: async (request) => collections.list({ actor: request.actor, filter: extra(filterOf(request.query)), query: request.query }),
    });

  listRoute(
    '/api/collections',
    'List collections (paged; filter by year, season, featured; ADMIN: includeDeleted, or deleted=only for the Trash)',
  );
  listRoute('/api/collections/all', 'All collections, paged (same as the list)');
  listRoute('/api/collections/featured', 'Featured collections', (f) => ({ ...f, featured: true }));

  app.get('/api/collections/health', {
    config: { policy: Public },
    schema: { tags, summary: 'Collections service health', response: { 200: HealthSchema, 503: HealthSchema } },
    handler: async (_request, reply) => {
      const up = await health();
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'UP' : 'DOWN', service: 'collections', database: up ? 'UP' : 'DOWN', timestamp: new Date().toISOString() });
    },
  });

  app.get('/api/collections/statistics', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Counts by season and year, memberships, collections without a hero',
      response: { 200: CollectionStatisticsSchema, ...errorResponses(401, 403) },
    },
    handler: async () => collections.statistics(),
  });

  app.get('/api/collections/filters', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'Year, season and featured facets with counts',
      querystring: CollectionListQuerySchema,
      response: { 200: CollectionFacetsSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => collections.facets({ actor: request.actor, filter: filterOf(request.query) }),
  });

  app.get('/api/collections/search', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'Collections whose name contains q (case-insensitive)',
      querystring: CollectionSearchQuerySchema,
      response: { ...ListResponses, ...errorResponses(401, 403) },
    },
    handler: async (request) =>
      collections.list({ actor: request.actor, filter: { ...filterOf(request.query), q: request.query.q }, query: request.query }),
  });

  app.get('/api/collections/with-products', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'Collections, each with its first pieces in sort order',
      querystring: CollectionWithProductsQuerySchema,
      response: { 200: CollectionWithProductsPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) =>
      collections.listWithProducts({
        actor: request.actor,
        filter: filterOf(request.query),
        query: request.query,
        productsLimit: request.query.productsLimit,
      }),
  });

  app.get('/api/collections/year/:year', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'Collections of a year',
      params: z.object({ year: YearParam }),
      querystring: CollectionListQuerySchema,
      response: { ...ListResponses, ...errorResponses(401, 403) },
    },
    handler: async (request) =>
      collections.list({ actor: request.actor, filter: { ...filterOf(request.query), year: request.params.year }, query: request.query }),
  });

  app.get('/api/collections/season/:season/year/:year', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'Collections of a season and year',
      params: z.object({ season: CollectionSeasonSchema, year: YearParam }),
      querystring: CollectionListQuerySchema,
      response: { ...ListResponses, ...errorResponses(401, 403) },
    },
    handler: async (request) =>
      collections.list({
        actor: request.actor,
        filter: { ...filterOf(request.query), season: request.params.season, year: request.params.year },
        query: request.query,
      }),
  });

  app.get('/api/collections/name/:name', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'A collection by name (case-insensitive)',
      params: z.object({ name: z.string().trim().min(1).max(200) }),
      response: { 200: CollectionSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) => collections.getByName({ actor: request.actor, name: request.params.name }),
  });

  app.get('/api/collections/:id', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'A collection by id',
      params: UuidParamsSchema,
      querystring: z.object({
        includeDeleted: z
          .enum(['true', 'false'])
          .transform((v) => v === 'true')
          .optional(),
      }),
      response: { 200: CollectionSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) =>
      collections.get({ actor: request.actor, id: request.params.id, includeDeleted: request.query.includeDeleted ?? false }),
  });

  app.get('/api/collections/:id/products', {
    config: { policy: Public },
    schema: {
      tags,
      summary: "A collection's pieces in sort order (paged)",
      params: UuidParamsSchema,
      querystring: PageQuerySchema,
      response: { 200: CollectionItemPageSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) =>
      collections.products({ actor: request.actor, id: request.params.id, page: request.query.page, size: request.query.size }),
  });

  app.get('/api/collections/:id/products-list', {
    config: { policy: Public },
    schema: {
      tags,
      summary: "All of a collection's pieces in sort order",
      params: UuidParamsSchema,
      response: { 200: z.array(CollectionItemSchema), ...errorResponses(400, 404) },
    },
    handler: async (request) => collections.productsList({ actor: request.actor, id: request.params.id }),
  });

  app.post('/api/collections', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Create a collection',
      body: CreateCollectionBodySchema,
      response: { 201: CollectionSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => reply.code(201).send(await collections.create({ body: request.body })),
  });

  app.put('/api/collections/:id', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Update a collection',
      params: UuidParamsSchema,
      body: UpdateCollectionBodySchema,
      response: { 200: CollectionSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => collections.update({ id: request.params.id, patch: request.body }),
  });

  app.patch('/api/collections/:id/featured', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Feature or unfeature a collection',
      params: UuidParamsSchema,
      body: CollectionFeaturedBodySchema,
      response: { 200: CollectionSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => collections.setFeatured({ id: request.params.id, featured: request.body.featured }),
  });

  app.delete('/api/collections/:id', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Soft-delete a collection',
      params: UuidParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await collections.remove({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.post('/api/collections/:id/restore', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Restore a soft-deleted collection',
      params: UuidParamsSchema,
      response: { 200: CollectionSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => collections.restore({ id: request.params.id }),
  });

  app.delete('/api/collections/:id/permanent', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Delete a collection and its memberships permanently (the pieces stay)',
      params: UuidParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await collections.removePermanently({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.post('/api/collections/:id/products', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Add a product (appended, or inserted at sortOrder)',
      params: UuidParamsSchema,
      body: AddCollectionProductBodySchema,
      response: { 201: z.array(CollectionItemSchema), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => reply.code(201).send(await collections.addProduct({ id: request.params.id, ...request.body })),
  });

  app.delete('/api/collections/:id/products/:productId', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Remove a product from the collection',
      params: CollectionProductParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await collections.removeProduct(request.params);
      return reply.code(204).send(null);
    },
  });

  app.put('/api/collections/:id/products/:productId/sort-order', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Move a product to a position; the others shift',
      params: CollectionProductParamsSchema,
      body: CollectionSortOrderBodySchema,
      response: { 200: z.array(CollectionItemSchema), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => collections.moveProduct({ ...request.params, sortOrder: request.body.sortOrder }),
  });

  app.put('/api/collections/:id/products/order', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: "Set the whole order of the collection's pieces in one transaction (409 when the list no longer matches the membership)",
      params: UuidParamsSchema,
      body: CollectionProductOrderBodySchema,
      response: { 200: z.array(CollectionItemSchema), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => collections.reorderProducts({ id: request.params.id, productIds: request.body.productIds }),
  });

  app.post('/api/collections/:id/products/:productId/toggle-hero', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Make the product the hero (at most one per collection) or clear it',
      params: CollectionProductParamsSchema,
      response: { 200: z.array(CollectionItemSchema), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => collections.toggleHero(request.params),
  });
};
