import { z } from 'zod';
import {
  CountSchema,
  ExistsSchema,
  TaxonomyListQuerySchema,
  TaxonomyNameParamsSchema,
  UuidParamsSchema,
  type TaxonomyListQuery,
} from '@mirror/contract';
import { Public, roles, type Actor } from '../../plugins/auth';
import { errorResponses, type ZodApp } from '../../lib/route-schemas';

// The one route table of the configurator taxonomy: categories → components → component-optionals.
// Each level's own routes give its path, names and schemas, and its parent's path segment.

/** What the routes call: a taxonomy service (`createTaxonomyService`), seen through its request types. */
export interface TaxonomyRouteService<Create, Update> {
  list(args: { actor: Actor | null; query: TaxonomyListQuery; includeInactive?: boolean | undefined; parentId?: string }): Promise<unknown>;
  count(args: { actor: Actor | null }): Promise<{ count: number }>;
  get(args: { actor: Actor | null; id: string }): Promise<unknown>;
  getByName(args: { actor: Actor | null; name: string }): Promise<unknown>;
  exists(args: { actor: Actor | null; name: string; parentId?: string }): Promise<{ exists: boolean }>;
  create(args: { body: Create }): Promise<unknown>;
  update(args: { id: string; patch: Update }): Promise<unknown>;
  setActive(args: { id: string; isActive: boolean }): Promise<unknown>;
  remove(args: { id: string }): Promise<void>;
}

export interface TaxonomyRouteSpec<Create, Update> {
  /** `component-optionals`: the path under /api and the OpenAPI tag. */
  plural: string;
  /** `a category`, `an optional`: the wording of the summaries. */
  noun: string;
  schemas: { record: z.ZodType; page: z.ZodType; create: z.ZodType<Create>; update: z.ZodType<Update> };
  /** The level above: the path segment naming it (`category`), and what its two routes say. */
  parent?: { segment: string; list: string; existsIn: string };
  /** What the routes whose wording is the level's own say. */
  summaries: { list: string; name: string; exists: string; create: string; remove: string };
}

const ExistsInParamsSchema = TaxonomyNameParamsSchema.extend({ id: z.uuid() });

// The schemas of the level's own bodies are generic here: what the type provider infers from a
// generic schema TypeScript cannot relate back to it, hence the `as Create` and `as Update` below
// (the schema has validated the value).

// Static paths first, then `/:id` and its children: the OpenAPI document's order.
export function registerTaxonomyRoutes<Create, Update>(
  app: ZodApp,
  service: TaxonomyRouteService<Create, Update>,
  spec: TaxonomyRouteSpec<Create, Update>,
) {
  const { plural, noun, parent, summaries, schemas: s } = spec;
  const base = `/api/${plural}`;
  const tags = [plural];
  const AdminOnly = roles('ADMIN');
  const One = `${noun[0]!.toUpperCase()}${noun.slice(1)}`;
  // A missing parent in a body answers 422.
  const writeErrors = parent ? [422] : [];

  app.get(base, {
    config: { policy: Public },
    schema: { tags, summary: summaries.list, querystring: TaxonomyListQuerySchema, response: { 200: s.page, ...errorResponses(400) } },
    handler: async (request) =>
      service.list({ actor: request.actor, query: request.query, includeInactive: request.query.includeInactive }),
  });

  app.get(`${base}/count`, {
    config: { policy: Public },
    schema: { tags, summary: `Number of ${plural}`, response: { 200: CountSchema } },
    handler: async (request) => service.count({ actor: request.actor }),
  });

  if (parent) {
    app.get(`${base}/${parent.segment}/:id`, {
      config: { policy: Public },
      schema: {
        tags,
        summary: parent.list,
        params: UuidParamsSchema,
        querystring: TaxonomyListQuerySchema,
        response: { 200: s.page, ...errorResponses(400, 404) },
      },
      handler: async (request) =>
        service.list({
          actor: request.actor,
          query: request.query,
          includeInactive: request.query.includeInactive,
          parentId: request.params.id,
        }),
    });
  }

  app.get(`${base}/name/:name`, {
    config: { policy: Public },
    schema: { tags, summary: summaries.name, params: TaxonomyNameParamsSchema, response: { 200: s.record, ...errorResponses(400, 404) } },
    handler: async (request) => service.getByName({ actor: request.actor, name: request.params.name }),
  });

  app.get(`${base}/exists/:name`, {
    config: { policy: Public },
    schema: { tags, summary: summaries.exists, params: TaxonomyNameParamsSchema, response: { 200: ExistsSchema, ...errorResponses(400) } },
    handler: async (request) => service.exists({ actor: request.actor, name: request.params.name }),
  });

  if (parent) {
    app.get(`${base}/exists/:name/${parent.segment}/:id`, {
      config: { policy: Public },
      schema: { tags, summary: parent.existsIn, params: ExistsInParamsSchema, response: { 200: ExistsSchema, ...errorResponses(400) } },
      handler: async (request) => service.exists({ actor: request.actor, name: request.params.name, parentId: request.params.id }),
    });
  }

  app.get(`${base}/:id`, {
    config: { policy: Public },
    schema: { tags, summary: `${One} by id`, params: UuidParamsSchema, response: { 200: s.record, ...errorResponses(400, 404) } },
    handler: async (request) => service.get({ actor: request.actor, id: request.params.id }),
  });

  app.post(base, {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: summaries.create,
      body: s.create,
      response: { 201: s.record, ...errorResponses(400, 401, 403, 409, ...writeErrors) },
    },
    handler: async (request, reply) => reply.code(201).send(await service.create({ body: request.body as Create })),
  });

  app.put(`${base}/:id`, {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: `Update ${noun}`,
      params: UuidParamsSchema,
      body: s.update,
      response: { 200: s.record, ...errorResponses(400, 401, 403, 404, 409, ...writeErrors) },
    },
    handler: async (request) => service.update({ id: request.params.id, patch: request.body as Update }),
  });

  app.delete(`${base}/:id`, {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: summaries.remove,
      params: UuidParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request, reply) => {
      await service.remove({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  for (const [action, isActive] of [
    ['deactivate', false],
    ['activate', true],
  ] as const) {
    app.patch(`${base}/:id/${action}`, {
      config: { policy: AdminOnly },
      schema: {
        tags,
        summary: `${action[0]!.toUpperCase()}${action.slice(1)} ${noun}`,
        params: UuidParamsSchema,
        response: { 200: s.record, ...errorResponses(400, 401, 403, 404) },
      },
      handler: async (request) => service.setActive({ id: request.params.id, isActive }),
    });
  }
}
