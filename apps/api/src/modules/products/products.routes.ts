import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateProductBodySchema,
  HealthSchema,
  MetalTypeSchema,
  PriceRangeQuerySchema,
  ProductFacetsSchema,
  ProductFilterQuerySchema,
  ProductListQuerySchema,
  ProductPageSchema,
  ProductSchema,
  ProductSearchQuerySchema,
  ProductStatisticsSchema,
  ProductStockBodySchema,
  UpdateProductBodySchema,
  UuidParamsSchema,
  type ProductFilterQuery,
} from '@mirror/contract';
import { Public, requireActor, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { ProductFilter } from './products.repo';
import type { ProductsService } from './products.service';

const tags = ['products'];
const AdminOnly = roles('ADMIN');
const AdminOrOwningVendor = { access: 'roles', roles: ['ADMIN', 'VENDOR'], ownership: "a VENDOR only its own vendor's products" } as const;
const ListResponses = { 200: ProductPageSchema, ...errorResponses(400) };

function filterOf(q: ProductFilterQuery): ProductFilter {
  return {
    categoryId: q.categoryId,
    metalType: q.metalType,
    vendorId: q.vendorId,
    designerId: q.designerId,
    collectionId: q.collectionId,
    featured: q.featured,
    availability: q.availability,
    minPrice: q.minPrice,
    maxPrice: q.maxPrice,
    status: q.status,
    includeDeleted: q.includeDeleted,
  };
}

export const productsRoutes: FastifyPluginAsyncZod<{ products: ProductsService; health: () => Promise<boolean> }> = async (app, { products, health }) => {
  const listRoute = (url: string, summary: string, extra: (filter: ProductFilter) => ProductFilter = (f) => f) =>
    app.get(url, {
      config: { policy: Public },
      schema: { tags, summary, querystring: ProductListQuerySchema, response: ListResponses },
      handler: async (request) => products.list({ actor: request.actor, filter: extra(filterOf(request.query)), query: request.query }),
    });

  listRoute('/api/products', 'List products (paged; filters; sort name|price|createdAt|stock; keyset with `after`)');
  listRoute('/api/products/all', 'All products, paged (same as the list)');
  listRoute('/api/products/filter', 'Products matching the filter query parameters');
  listRoute('/api/products/featured', 'Featured products', (f) => ({ ...f, featured: true }));
  listRoute('/api/products/available', 'Products in stock', (f) => ({ ...f, available: true }));
  listRoute('/api/products/low-stock', 'Products at or below the low-stock threshold (and above zero)', (f) => ({ ...f, lowStock: true }));
  listRoute('/api/products/out-of-stock', 'Products with no stock', (f) => ({ ...f, availability: 'OUT_OF_STOCK' }));

  app.get('/api/products/health', {
    config: { policy: Public },
    schema: { tags, summary: 'Products service health', response: { 200: HealthSchema, 503: HealthSchema } },
    handler: async (_request, reply) => {
      const up = await health();
      return reply.code(up ? 200 : 503).send({ status: up ? 'UP' : 'DOWN', service: 'products', database: up ? 'UP' : 'DOWN', timestamp: new Date().toISOString() });
    },
  });

  app.get('/api/products/statistics', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Counts by status, category and metal; stock units and value', response: { 200: ProductStatisticsSchema, ...errorResponses(401, 403) } },
    handler: async () => products.statistics(),
  });

  app.get('/api/products/filters', {
    config: { policy: Public },
    schema: { tags, summary: 'Every facet value with its count for the current filter', querystring: ProductFilterQuerySchema, response: { 200: ProductFacetsSchema, ...errorResponses(400) } },
    handler: async (request) => products.facets({ actor: request.actor, filter: filterOf(request.query) }),
  });

  app.get('/api/products/search', {
    config: { policy: Public },
    schema: { tags, summary: 'Ranked search over name, stone, metal, SKU and description; word prefixes and one-letter typos match', querystring: ProductSearchQuerySchema, response: ListResponses },
    handler: async (request) => {
      const { q, page, size } = request.query;
      return { ...(await products.search({ actor: request.actor, q, filter: filterOf(request.query), query: { page, size } })), nextCursor: null };
    },
  });

  app.get('/api/products/price-range', {
    config: { policy: Public },
    schema: { tags, summary: 'Products whose (from) price lies between min and max, in minor units', querystring: PriceRangeQuerySchema, response: ListResponses },
    handler: async (request) =>
      products.list({ actor: request.actor, filter: { ...filterOf(request.query), minPrice: request.query.min, maxPrice: request.query.max }, query: request.query }),
  });

  app.get('/api/products/sku/:sku', {
    config: { policy: Public },
    schema: { tags, summary: 'A product by SKU', params: z.object({ sku: z.string().trim().min(1).max(40) }), response: { 200: ProductSchema, ...errorResponses(400, 404) } },
    handler: async (request) => products.getBySku({ actor: request.actor, sku: request.params.sku }),
  });

  app.get('/api/products/metal/:type', {
    config: { policy: Public },
    schema: { tags, summary: 'Products in a metal', params: z.object({ type: MetalTypeSchema }), querystring: ProductListQuerySchema, response: ListResponses },
    handler: async (request) => products.list({ actor: request.actor, filter: { ...filterOf(request.query), metalType: request.params.type }, query: request.query }),
  });

  app.get('/api/products/category/:id', {
    config: { policy: Public },
    schema: { tags, summary: 'Products in a category', params: UuidParamsSchema, querystring: ProductListQuerySchema, response: ListResponses },
    handler: async (request) => products.list({ actor: request.actor, filter: { ...filterOf(request.query), categoryId: request.params.id }, query: request.query }),
  });

  app.get('/api/products/:id', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'A product by id (DRAFT, archived and deleted pieces only for ADMIN, or their own VENDOR)',
      params: UuidParamsSchema,
      querystring: z.object({ includeDeleted: z.enum(['true', 'false']).transform((v) => v === 'true').optional() }),
      response: { 200: ProductSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) => products.get({ actor: request.actor, id: request.params.id, includeDeleted: request.query.includeDeleted ?? false }),
  });

  app.post('/api/products', {
    config: { policy: AdminOrOwningVendor },
    schema: { tags, summary: 'Create a product (a VENDOR creates for its own vendor)', body: CreateProductBodySchema, response: { 201: ProductSchema, ...errorResponses(400, 401, 403, 409, 422) } },
    handler: async (request, reply) => reply.code(201).send(await products.create({ actor: requireActor(request), body: request.body })),
  });

  app.put('/api/products/:id', {
    config: { policy: AdminOrOwningVendor },
    schema: { tags, summary: 'Update a product', params: UuidParamsSchema, body: UpdateProductBodySchema, response: { 200: ProductSchema, ...errorResponses(400, 401, 403, 404, 409, 422) } },
    handler: async (request) => products.update({ actor: requireActor(request), id: request.params.id, patch: request.body }),
  });

  app.put('/api/products/:id/stock', {
    config: { policy: AdminOrOwningVendor },
    schema: {
      tags,
      summary: 'Set stock ({quantity}) or adjust it atomically ({delta}, never below zero)',
      params: UuidParamsSchema,
      body: ProductStockBodySchema,
      response: { 200: ProductSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => products.setStock({ actor: requireActor(request), id: request.params.id, body: request.body }),
  });

  app.post('/api/products/:id/toggle-featured', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Feature or unfeature a product', params: UuidParamsSchema, response: { 200: ProductSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => products.toggleFeatured({ id: request.params.id }),
  });

  app.post('/api/products/:id/restore', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Restore a soft-deleted product', params: UuidParamsSchema, response: { 200: ProductSchema, ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (request) => products.restore({ id: request.params.id }),
  });

  app.delete('/api/products/:id', {
    config: { policy: AdminOrOwningVendor },
    schema: { tags, summary: 'Soft-delete a product', params: UuidParamsSchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) } },
    handler: async (request, reply) => {
      await products.remove({ actor: requireActor(request), id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.delete('/api/products/:id/permanent', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Delete a product permanently (409 when an order references it)', params: UuidParamsSchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (request, reply) => {
      await products.removePermanently({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });
};
