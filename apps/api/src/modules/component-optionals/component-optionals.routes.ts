import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ComponentOptionalPageSchema,
  ComponentOptionalSchema,
  CountSchema,
  CreateComponentOptionalBodySchema,
  ExistsSchema,
  TaxonomyListQuerySchema,
  TaxonomyNameParamsSchema,
  UpdateComponentOptionalBodySchema,
  UuidParamsSchema,
} from '@mirror/contract';
import { Public, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { ComponentOptionalsService } from './component-optionals.service';

const tags = ['component-optionals'];
const AdminOnly = roles('ADMIN');

export const componentOptionalsRoutes: FastifyPluginAsyncZod<{ componentOptionals: ComponentOptionalsService }> = async (app, { componentOptionals }) => {
  app.get('/api/component-optionals', {
    config: { policy: Public },
    schema: { tags, summary: 'List component-optionals', querystring: TaxonomyListQuerySchema, response: { 200: ComponentOptionalPageSchema, ...errorResponses(400) } },
    handler: async (request) => componentOptionals.list({ actor: request.actor, query: request.query, includeInactive: request.query.includeInactive }),
  });

  app.get('/api/component-optionals/count', {
    config: { policy: Public },
    schema: { tags, summary: 'Number of component-optionals', response: { 200: CountSchema } },
    handler: async (request) => componentOptionals.count({ actor: request.actor }),
  });

  app.get('/api/component-optionals/component/:id', {
    config: { policy: Public },
    schema: { tags, summary: "A component's optionals", params: UuidParamsSchema, querystring: TaxonomyListQuerySchema, response: { 200: ComponentOptionalPageSchema, ...errorResponses(400, 404) } },
    handler: async (request) => componentOptionals.list({ actor: request.actor, query: request.query, includeInactive: request.query.includeInactive, parentId: request.params.id }),
  });

  app.get('/api/component-optionals/name/:name', {
    config: { policy: Public },
    schema: { tags, summary: 'An optional by name', params: TaxonomyNameParamsSchema, response: { 200: ComponentOptionalSchema, ...errorResponses(400, 404) } },
    handler: async (request) => componentOptionals.getByName({ actor: request.actor, name: request.params.name }),
  });

  app.get('/api/component-optionals/exists/:name', {
    config: { policy: Public },
    schema: { tags, summary: 'Whether an optional with this name exists under any component', params: TaxonomyNameParamsSchema, response: { 200: ExistsSchema, ...errorResponses(400) } },
    handler: async (request) => componentOptionals.exists({ actor: request.actor, name: request.params.name }),
  });

  app.get('/api/component-optionals/exists/:name/component/:id', {
    config: { policy: Public },
    schema: { tags, summary: 'Whether an optional with this name exists under the component', params: TaxonomyNameParamsSchema.extend({ id: z.uuid() }), response: { 200: ExistsSchema, ...errorResponses(400) } },
    handler: async (request) => componentOptionals.exists({ actor: request.actor, name: request.params.name, parentId: request.params.id }),
  });

  app.get('/api/component-optionals/:id', {
    config: { policy: Public },
    schema: { tags, summary: 'An optional by id', params: UuidParamsSchema, response: { 200: ComponentOptionalSchema, ...errorResponses(400, 404) } },
    handler: async (request) => componentOptionals.get({ actor: request.actor, id: request.params.id }),
  });

  app.post('/api/component-optionals', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Create an optional under a component', body: CreateComponentOptionalBodySchema, response: { 201: ComponentOptionalSchema, ...errorResponses(400, 401, 403, 409, 422) } },
    handler: async (request, reply) => reply.code(201).send(await componentOptionals.create({ body: request.body })),
  });

  app.put('/api/component-optionals/:id', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Update an optional', params: UuidParamsSchema, body: UpdateComponentOptionalBodySchema, response: { 200: ComponentOptionalSchema, ...errorResponses(400, 401, 403, 404, 409, 422) } },
    handler: async (request) => componentOptionals.update({ id: request.params.id, patch: request.body }),
  });

  app.delete('/api/component-optionals/:id', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Delete an optional', params: UuidParamsSchema, response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) } },
    handler: async (request, reply) => {
      await componentOptionals.remove({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.patch('/api/component-optionals/:id/deactivate', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Deactivate an optional', params: UuidParamsSchema, response: { 200: ComponentOptionalSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => componentOptionals.setActive({ id: request.params.id, isActive: false }),
  });

  app.patch('/api/component-optionals/:id/activate', {
    config: { policy: AdminOnly },
    schema: { tags, summary: 'Activate an optional', params: UuidParamsSchema, response: { 200: ComponentOptionalSchema, ...errorResponses(400, 401, 403, 404) } },
    handler: async (request) => componentOptionals.setActive({ id: request.params.id, isActive: true }),
  });
};
