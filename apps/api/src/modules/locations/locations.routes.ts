import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CreateLocationBodySchema,
  HealthSchema,
  LocationFacetsSchema,
  LocationFilterQuerySchema,
  LocationListQuerySchema,
  LocationPageSchema,
  LocationSchema,
  LocationSearchQuerySchema,
  LocationStatisticsSchema,
  LocationTypeSchema,
  UpdateLocationBodySchema,
  UuidParamsSchema,
} from '@mirror/contract';
import { Public, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { LocationsService } from './locations.service';

const tags = ['locations'];
const AdminOnly = roles('ADMIN');
const PublicRead = { access: 'public' } as const;
const FacetQuerySchema = LocationFilterQuerySchema.omit({ page: true, size: true, sort: true }).extend({
  q: z.string().trim().min(1).max(100).optional(),
});

export const locationsRoutes: FastifyPluginAsyncZod<{ locations: LocationsService; health: () => Promise<boolean> }> = async (
  app,
  { locations, health },
) => {
  app.get('/api/locations', {
    config: { policy: PublicRead },
    schema: {
      tags,
      summary: 'List locations (active only unless ADMIN)',
      querystring: LocationListQuerySchema,
      response: { 200: LocationPageSchema, ...errorResponses(400) },
    },
    handler: async (request) =>
      locations.list({
        actor: request.actor,
        filter: { includeDeleted: request.query.includeDeleted, deleted: request.query.deleted },
        query: request.query,
      }),
  });

  app.get('/api/locations/health', {
    config: { policy: Public },
    schema: { tags, summary: 'Locations service health', response: { 200: HealthSchema, 503: HealthSchema } },
    handler: async (_request, reply) => {
      const up = await health();
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'UP' : 'DOWN', service: 'locations', database: up ? 'UP' : 'DOWN', timestamp: new Date().toISOString() });
    },
  });

  app.get('/api/locations/filter', {
    config: { policy: PublicRead },
    schema: {
      tags,
      summary: 'Filter by city, country, type, service, active, bookable',
      querystring: LocationFilterQuerySchema,
      response: { 200: LocationPageSchema, ...errorResponses(400) },
    },
    handler: async (request) => locations.list({ actor: request.actor, filter: request.query, query: request.query }),
  });

  app.get('/api/locations/search', {
    config: { policy: PublicRead },
    schema: {
      tags,
      summary: 'Search name, city, country, address',
      querystring: LocationSearchQuerySchema,
      response: { 200: LocationPageSchema, ...errorResponses(400) },
    },
    handler: async (request) =>
      locations.list({
        actor: request.actor,
        filter: { q: request.query.q, includeDeleted: request.query.includeDeleted, deleted: request.query.deleted },
        query: request.query,
      }),
  });

  app.get('/api/locations/filters', {
    config: { policy: PublicRead },
    schema: {
      tags,
      summary: 'Facet values with counts for the current filter',
      querystring: FacetQuerySchema,
      response: { 200: LocationFacetsSchema, ...errorResponses(400) },
    },
    handler: async (request) => locations.facets({ actor: request.actor, filter: request.query }),
  });

  app.get('/api/locations/statistics', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Counts by state, type and country',
      response: { 200: LocationStatisticsSchema, ...errorResponses(401, 403) },
    },
    handler: async () => locations.statistics(),
  });

  app.get('/api/locations/city/:city', {
    config: { policy: PublicRead },
    schema: {
      tags,
      summary: 'Locations in a city',
      params: z.object({ city: z.string().trim().min(1).max(100) }),
      querystring: LocationListQuerySchema,
      response: { 200: LocationPageSchema, ...errorResponses(400) },
    },
    handler: async (request) =>
      locations.list({
        actor: request.actor,
        filter: { city: request.params.city, includeDeleted: request.query.includeDeleted },
        query: request.query,
      }),
  });

  app.get('/api/locations/type/:type', {
    config: { policy: PublicRead },
    schema: {
      tags,
      summary: 'Locations of a type',
      params: z.object({ type: LocationTypeSchema }),
      querystring: LocationListQuerySchema,
      response: { 200: LocationPageSchema, ...errorResponses(400) },
    },
    handler: async (request) =>
      locations.list({
        actor: request.actor,
        filter: { type: request.params.type, includeDeleted: request.query.includeDeleted },
        query: request.query,
      }),
  });

  app.get('/api/locations/:id', {
    config: { policy: PublicRead },
    schema: { tags, summary: 'One location', params: UuidParamsSchema, response: { 200: LocationSchema, ...errorResponses(400, 404) } },
    handler: async (request) => locations.get({ actor: request.actor, id: request.params.id }),
  });

  app.post('/api/locations', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Create a location',
      body: CreateLocationBodySchema,
      response: { 201: LocationSchema, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) => reply.code(201).send(await locations.create({ body: request.body })),
  });

  app.put('/api/locations/:id', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Update a location',
      params: UuidParamsSchema,
      body: UpdateLocationBodySchema,
      response: { 200: LocationSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => locations.update({ id: request.params.id, patch: request.body }),
  });

  app.delete('/api/locations/:id', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Soft-delete a location (restorable)',
      params: UuidParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await locations.softDelete({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.delete('/api/locations/:id/permanent', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Delete a location for good',
      params: UuidParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await locations.hardDelete({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.post('/api/locations/:id/restore', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Restore a soft-deleted location',
      params: UuidParamsSchema,
      response: { 200: LocationSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => locations.restore({ id: request.params.id }),
  });

  app.post('/api/locations/:id/activate', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Show a location to visitors',
      params: UuidParamsSchema,
      response: { 200: LocationSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => locations.setActive({ id: request.params.id, active: true }),
  });

  app.post('/api/locations/:id/deactivate', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Hide a location from visitors',
      params: UuidParamsSchema,
      response: { 200: LocationSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => locations.setActive({ id: request.params.id, active: false }),
  });
};
