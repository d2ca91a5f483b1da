import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ComponentPageSchema,
  ComponentSchema,
  CountSchema,
  CreateComponentBodySchema,
  ExistsSchema,
  TaxonomyListQuerySchema,
  TaxonomyNameParamsSchema,
  UpdateComponentBodySchema,
  UuidParamsSchema,
} from '@mirror/contract';
import { Public, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { ComponentsService } from './components.service';

const tags = ['components'];
const AdminOnly = roles('ADMIN');

export const componentsRoutes: FastifyPluginAsyncZod<{ components: ComponentsService }> = async (app, { components }) => {
  app.get('/api/components', {
    config: { policy: Public },
    schema: { tags, summary: 'List components', querystring: TaxonomyListQuerySchema, response: { 200: ComponentPageSchema, ...errorResponses(400) } },
    handler: async (request) => components.list({ actor: request.actor, query: request.query, includeInactive: request.query.includeInactive }),
  });

  app.get('/api/components/count', {
    config: { policy: Public },
    schema: { tags, summary: 'Number of components', response: { 200: CountSchema } },
    handler: async (request) => components.count({ actor: request.actor }),
  });

  app.get('/api/components/category/:id', {
    config: { policy: Public },
    schema: { tags, summary: "A category's components", params: UuidParamsSchema, querystring: TaxonomyListQuerySchema, response: { 200: ComponentPageSchema, ...errorResponses(400, 404) } },
    handler: async (request) => components.list({ actor: request.actor, query: request.query, includeInactive: request.query.includeInactive, parentId: request.params.id }),
  });

  app.get('/api/components/name/:name', {
    config: { policy: Public },
    schema: { tags, summary: 'A component by name', params: TaxonomyNameParamsSchema, response: { 200: ComponentSchema, ...errorResponses(400, 404) } },
    handler: async (request) => components.getByName({ actor: request.actor, name: request.params.name }),
  });

  app.get('/api/components/exists/:name', {
    config: { policy: Public },
    schema: { tags, summary: 'Whether a component with this name exists in any category', params: TaxonomyNameParamsSchema, response: { 200: ExistsSchema, ...errorResponses(400) } },
    handler: async (request) => components.exists({ actor: request.actor, name: request.params.name }),
  });

  app.get('/api/components/exists/:name/category/:id', {
    config: { policy: Public },
    schema: { tags, summary: 'Whether a component with this name exists in the category', params: TaxonomyNameParamsSchema.extend({ id: z.uuid() }), response: { 200: ExistsSchema, ...errorResponses(400) } },
    handler: async (request) => components.exists({ actor: request.actor, name: request.params.name, parentId: request.params.id }),
  });

  app.get('/api/components/:id', {
    config: { policy: Public },
    schema: { tags, summary: 'A component by id', params: UuidParamsSchema, response: { 200: ComponentSchema, ...errorResponses(400, 404) } },
    handler: async (request) => components.get({ actor: request.actor, id: request.params.id }),
  });

  app.post('/api/components', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Create a component in a category', body: CreateComponentBodySchema, response: { 201: ComponentSchema, ...errorResponses(400, 401, 403, 409, 422) } },
    handler: async (request, reply) => reply.code(201).send(await components.create({ body: request.body })),
  });

  app.put('/api/components/:id', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Update a component', params: UuidParamsSchema, body: UpdateComponentBodySchema, response: { 200: ComponentSchema, ...errorResponses(400, 401, 403, 404, 409, 422) } },
    handler: async (request) => components.update({ id: request.params.id, patch: request.body }),
  });

  app.delete('/api/components/:id', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Delete a component without optionals (409 otherwise)', params: UuidParamsSchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (request, reply) => {
      await components.remove({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.patch('/api/components/:id/deactivate', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Deactivate a component', params: UuidParamsSchema, response: { 200: ComponentSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => components.setActive({ id: request.params.id, isActive: false }),
  });

  app.patch('/api/components/:id/activate', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Activate a component', params: UuidParamsSchema, response: { 200: ComponentSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => components.setActive({ id: request.params.id, isActive: true }),
  });
};
