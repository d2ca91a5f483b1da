import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CountSchema,
  CreateDesignerBodySchema,
  DesignerDashboardSchema,
  DesignerFacetsSchema,
  DesignerListQuerySchema,
  DesignerPageSchema,
  DesignerSchema,
  ExistsSchema,
  PartyCodeParamsSchema,
  PartyListQuerySchema,
  PartySearchQuerySchema,
  ProductListQuerySchema,
  ProductPageSchema,
  SpecialtyParamsSchema,
  UpdateDesignerBodySchema,
  UuidParamsSchema,
} from '@mirror/contract';
import { Public, requireActor, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { DesignersService } from './designers.service';

const tags = ['designers'];
const AdminOnly = roles('ADMIN');
const AdminOrOwner = { access: 'roles', roles: ['ADMIN', 'DESIGNER'], ownership: "a DESIGNER only its own profile" } as const;
const ListQuerySchema = PartyListQuerySchema.omit({ filter: true });
const ListResponses = { 200: DesignerPageSchema, ...errorResponses(400) };

// Static paths first, then `/:id` and its children (find-my-way prefers static segments anyway;
// the order keeps the file readable as a route table).
export const designersRoutes: FastifyPluginAsyncZod<{ designers: DesignersService }> = async (app, { designers }) => {
  app.get('/api/designers', {
    config: { policy: Public },
    schema: {
      tags,
      summary: 'List designers (active only unless ADMIN); `filter=current-user` answers the caller’s own profile',
      querystring: DesignerListQuerySchema,
      response: { ...ListResponses, ...errorResponses(401) },
    },
    handler: async (request) => designers.list({ actor: request.actor, query: request.query }),
  });

  app.get('/api/designers/dashboard', {
    config: { policy: roles('DESIGNER') },
    schema: { tags, summary: 'Dashboard of the signed-in designer', response: { 200: DesignerDashboardSchema, ...errorResponses(401, 403) } },
    handler: async (request) => designers.ownDashboard({ actor: requireActor(request) }),
  });

  app.get('/api/designers/me', {
    config: { policy: { access: 'roles', roles: ['DESIGNER'], ownership: 'the signed-in designer’s own profile' } },
    schema: { tags, summary: 'The signed-in designer’s own profile (active or not)', response: { 200: DesignerSchema, ...errorResponses(401, 403) } },
    handler: async (request) => designers.own({ actor: requireActor(request) }),
  });

  app.put('/api/designers/me', {
    config: { policy: { access: 'roles', roles: ['DESIGNER'], ownership: 'the signed-in designer’s own profile fields' } },
    schema: {
      tags,
      summary: 'Update the signed-in designer’s profile fields (name, specialty, bio, email, website, country, avatar); code, flags or owner → 403 naming them',
      body: UpdateDesignerBodySchema,
      response: { 200: DesignerSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request) => designers.updateOwn({ actor: requireActor(request), patch: request.body }),
  });

  app.get('/api/designers/verified', {
    config: { policy: Public },
    schema: { tags, summary: 'Verified designers', querystring: ListQuerySchema, response: ListResponses },
    handler: async (request) => designers.listBy({ actor: request.actor, filter: { verified: true }, query: request.query }),
  });

  app.get('/api/designers/featured', {
    config: { policy: Public },
    schema: { tags, summary: 'Featured designers', querystring: ListQuerySchema, response: ListResponses },
    handler: async (request) => designers.listBy({ actor: request.actor, filter: { featured: true }, query: request.query }),
  });

  app.get('/api/designers/search', {
    config: { policy: Public },
    schema: { tags, summary: 'Search code, name, specialty, country and biography (`search`, `page` from 0, `size` 20)', querystring: PartySearchQuerySchema, response: ListResponses },
    handler: async (request) => designers.search({ actor: request.actor, query: request.query }),
  });

  app.get('/api/designers/filters', {
    config: { policy: Public },
    schema: { tags, summary: 'Specialties and countries in use, with counts, over the records the caller can see (the back-office filters)', response: { 200: DesignerFacetsSchema } },
    handler: async (request) => designers.facets({ actor: request.actor }),
  });

  app.get('/api/designers/count', {
    config: { policy: Public },
    schema: { tags, summary: 'Number of designers the caller can see', response: { 200: CountSchema } },
    handler: async (request) => designers.count({ actor: request.actor }),
  });

  app.get('/api/designers/exists/:code', {
    config: { policy: Public },
    schema: { tags, summary: 'Whether a designer has this code (for ADMIN: whether the code is taken)', params: PartyCodeParamsSchema, response: { 200: ExistsSchema, ...errorResponses(400) } },
    handler: async (request) => designers.exists({ actor: request.actor, code: request.params.code }),
  });

  app.get('/api/designers/code/:code', {
    config: { policy: Public },
    schema: { tags, summary: 'A designer by code (case-insensitive)', params: PartyCodeParamsSchema, response: { 200: DesignerSchema, ...errorResponses(400, 404) } },
    handler: async (request) => designers.getByCode({ actor: request.actor, code: request.params.code }),
  });

  app.get('/api/designers/specialty/:specialty', {
    config: { policy: Public },
    schema: { tags, summary: 'Designers of a specialty (case-insensitive)', params: SpecialtyParamsSchema, querystring: ListQuerySchema, response: ListResponses },
    handler: async (request) => designers.listBy({ actor: request.actor, filter: { specialty: request.params.specialty }, query: request.query }),
  });

  app.get('/api/designers/:id', {
    config: { policy: Public },
    schema: { tags, summary: 'One designer', params: UuidParamsSchema, response: { 200: DesignerSchema, ...errorResponses(400, 404) } },
    handler: async (request) => designers.get({ actor: request.actor, id: request.params.id }),
  });

  app.get('/api/designers/:id/designs', {
    config: { policy: Public },
    schema: { tags, summary: 'The designer’s pieces (paged like the products list)', params: UuidParamsSchema, querystring: ProductListQuerySchema, response: { 200: ProductPageSchema, ...errorResponses(400, 404) } },
    handler: async (request) => designers.designs({ actor: request.actor, id: request.params.id, query: request.query }),
  });

  app.get('/api/designers/:id/dashboard', {
    config: { policy: AdminOrOwner },
    schema: { tags, summary: 'Pieces, stock, units and revenue sold, recent orders', params: UuidParamsSchema, response: { 200: DesignerDashboardSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => designers.dashboard({ actor: requireActor(request), id: request.params.id }),
  });

  app.post('/api/designers', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Create a designer (code unique regardless of case)', body: CreateDesignerBodySchema, response: { 201: DesignerSchema, ...errorResponses(400, 401, 403, 409) } },
    handler: async (request, reply) => reply.code(201).send(await designers.create({ actor: requireActor(request), body: request.body })),
  });

  app.put('/api/designers/:id', {
    config: { policy: AdminOrOwner },
    schema: {
      tags,
      summary: 'Update a designer: ADMIN anything; the owner its profile fields only',
      params: UuidParamsSchema,
      body: UpdateDesignerBodySchema,
      response: { 200: DesignerSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => designers.update({ actor: requireActor(request), id: request.params.id, patch: request.body }),
  });

  app.delete('/api/designers/:id', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Soft-delete a designer (releases the owning account)', params: UuidParamsSchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) } },
    handler: async (request, reply) => {
      await designers.softDelete({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.patch('/api/designers/:id/deactivate', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Hide a designer from visitors', params: UuidParamsSchema, response: { 200: DesignerSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => designers.setActive({ actor: requireActor(request), id: request.params.id, active: false }),
  });

  app.patch('/api/designers/:id/activate', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Show a designer to visitors', params: UuidParamsSchema, response: { 200: DesignerSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => designers.setActive({ actor: requireActor(request), id: request.params.id, active: true }),
  });
};
