import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CountryParamsSchema,
  CountSchema,
  CreateVendorBodySchema,
  VendorDashboardSchema,
  VendorFacetsSchema,
  VendorListQuerySchema,
  VendorPageSchema,
  VendorSchema,
  ExistsSchema,
  PartyCodeParamsSchema,
  PartyListQuerySchema,
  PartySearchQuerySchema,
  ProductListQuerySchema,
  ProductPageSchema,
  UpdateVendorBodySchema,
  UuidParamsSchema,
  VendorTypeParamsSchema,
} from '@mirror/contract';
import { Public, requireActor, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { VendorsService } from './vendors.service';

const tags = ['vendors'];
const AdminOnly = roles('ADMIN');
const AdminOrOwner = { access: 'roles', roles: ['ADMIN', 'VENDOR'], ownership: "a VENDOR only its own profile" } as const;
const ListQuerySchema = PartyListQuerySchema.omit({ filter: true });
const ListResponses = { 200: VendorPageSchema, ...errorResponses(400) };

// Static paths first, then `/:id` and its children (find-my-way prefers static segments anyway;
// the order keeps the file readable as a route table).
export const vendorsRoutes: FastifyPluginAsyncZod<{ vendors: VendorsService }> = async (app, { vendors }) => {
  app.get('/api/vendors', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'List vendors (active only unless ADMIN); `filter=current-user` answers the caller’s own profile',
      querystring: VendorListQuerySchema,
      response: { ...ListResponses, ...errorResponses(401) },
    },
    handler: async (request) => vendors.list({ actor: request.actor, query: request.query }),
  });

  app.get('/api/vendors/dashboard', {
    config: { policy: roles('VENDOR') },
    schema: { tags, summary: 'Dashboard of the signed-in vendor', response: { 200: VendorDashboardSchema, ...errorResponses(401, 403) } },
    handler: async (request) => vendors.ownDashboard({ actor: requireActor(request) }),
  });

  app.get('/api/vendors/verified', {
    config: { policy: Public },
    schema: { tags, summary: 'Verified vendors', querystring: ListQuerySchema, response: ListResponses },
    handler: async (request) => vendors.listBy({ actor: request.actor, filter: { verified: true }, query: request.query }),
  });

  app.get('/api/vendors/featured', {
    config: { policy: Public },
    schema: { tags, summary: 'Featured vendors', querystring: ListQuerySchema, response: ListResponses },
    handler: async (request) => vendors.listBy({ actor: request.actor, filter: { featured: true }, query: request.query }),
  });

  app.get('/api/vendors/search', {
    config: { policy: Public },
    schema: { tags, summary: 'Search code, name, country, type and description (`search`, `page` from 0, `size` 20)', querystring: PartySearchQuerySchema, response: ListResponses },
    handler: async (request) => vendors.search({ actor: request.actor, query: request.query }),
  });

  app.get('/api/vendors/filters', {
    config: { policy: Public },
    schema: { tags, summary: 'Countries and types in use, with counts, over the records the caller can see (the back-office filters)', response: { 200: VendorFacetsSchema } },
    handler: async (request) => vendors.facets({ actor: request.actor }),
  });

  app.get('/api/vendors/count', {
    config: { policy: Public },
    schema: { tags, summary: 'Number of vendors the caller can see', response: { 200: CountSchema } },
    handler: async (request) => vendors.count({ actor: request.actor }),
  });

  app.get('/api/vendors/exists/:code', {
    config: { policy: Public },
    schema: { tags, summary: 'Whether a vendor has this code (for ADMIN: whether the code is taken)', params: PartyCodeParamsSchema, response: { 200: ExistsSchema, ...errorResponses(400) } },
    handler: async (request) => vendors.exists({ actor: request.actor, code: request.params.code }),
  });

  app.get('/api/vendors/code/:code', {
    config: { policy: Public },
    schema: { tags, summary: 'A vendor by code (case-insensitive)', params: PartyCodeParamsSchema, response: { 200: VendorSchema, ...errorResponses(400, 404) } },
    handler: async (request) => vendors.getByCode({ actor: request.actor, code: request.params.code }),
  });

  app.get('/api/vendors/country/:country', {
    config: { policy: Public },
    schema: { tags, summary: 'Vendors in a country (ISO 3166 alpha-2, any case)', params: CountryParamsSchema, querystring: ListQuerySchema, response: ListResponses },
    handler: async (request) => vendors.listBy({ actor: request.actor, filter: { country: request.params.country }, query: request.query }),
  });

  app.get('/api/vendors/type/:type', {
    config: { policy: Public },
    schema: { tags, summary: 'Vendors of a type', params: VendorTypeParamsSchema, querystring: ListQuerySchema, response: ListResponses },
    handler: async (request) => vendors.listBy({ actor: request.actor, filter: { type: request.params.type }, query: request.query }),
  });

  app.get('/api/vendors/:id', {
    config: { policy: Public },
    schema: { tags, summary: 'One vendor', params: UuidParamsSchema, response: { 200: VendorSchema, ...errorResponses(400, 404) } },
    handler: async (request) => vendors.get({ actor: request.actor, id: request.params.id }),
  });

  app.get('/api/vendors/:id/products', {
    config: { policy: Public },
    schema: { tags, summary: 'The vendor’s pieces (paged like the products list)', params: UuidParamsSchema, querystring: ProductListQuerySchema, response: { 200: ProductPageSchema, ...errorResponses(400, 404) } },
    handler: async (request) => vendors.products({ actor: request.actor, id: request.params.id, query: request.query }),
  });

  app.get('/api/vendors/:id/dashboard', {
    config: { policy: AdminOrOwner },
    schema: { tags, summary: 'Pieces, stock, units and revenue sold, recent orders', params: UuidParamsSchema, response: { 200: VendorDashboardSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => vendors.dashboard({ actor: requireActor(request), id: request.params.id }),
  });

  app.post('/api/vendors', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Create a vendor (code unique regardless of case)', body: CreateVendorBodySchema, response: { 201: VendorSchema, ...errorResponses(400, 401, 403, 409) } },
    handler: async (request, reply) => reply.code(201).send(await vendors.create({ actor: requireActor(request), body: request.body })),
  });

  app.put('/api/vendors/:id', {
    config: { policy: AdminOrOwner },
    schema: {
      tags,
      summary: 'Update a vendor: ADMIN anything; the owner its profile fields only',
      params: UuidParamsSchema,
      body: UpdateVendorBodySchema,
      response: { 200: VendorSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => vendors.update({ actor: requireActor(request), id: request.params.id, patch: request.body }),
  });

  app.delete('/api/vendors/:id', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Soft-delete a vendor (releases the owning account)', params: UuidParamsSchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) } },
    handler: async (request, reply) => {
      await vendors.softDelete({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.patch('/api/vendors/:id/deactivate', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Hide a vendor from visitors', params: UuidParamsSchema, response: { 200: VendorSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => vendors.setActive({ actor: requireActor(request), id: request.params.id, active: false }),
  });

  app.patch('/api/vendors/:id/activate', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Show a vendor to visitors', params: UuidParamsSchema, response: { 200: VendorSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => vendors.setActive({ actor: requireActor(request), id: request.params.id, active: true }),
  });
};
