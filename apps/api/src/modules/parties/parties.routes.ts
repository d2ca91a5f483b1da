import { z } from 'zod';
import {
  CountSchema,
  ExistsSchema,
  PartyCodeParamsSchema,
  PartyListQuerySchema,
  PartySearchQuerySchema,
  ProductListQuerySchema,
  ProductPageSchema,
  UuidParamsSchema,
  type PartyListQuery,
  type PartySearchQuery,
  type ProductListQuery,
  type ProductPage,
} from '@mirror/contract';
import { Public, requireActor, roles, type Actor } from '../../plugins/auth';
import { errorResponses, type ZodApp } from '../../lib/route-schemas';
import type { PartyFilter } from './parties.repo';
import type { PartyListBase } from './parties.service';

// The one route table of designers and vendors ("parties"). Each party's own routes give its
// path, names and schemas, and add the routes only it has (`/me`, by specialty, by country…).

/** What the routes call: a party service (`createPartyService`), seen through its request types. */
export interface PartyRouteService<LQ, Create, Update> {
  list(args: { actor: Actor | null; query: LQ }): Promise<unknown>;
  listBy(args: { actor: Actor | null; filter: PartyFilter; query: PartyListBase }): Promise<unknown>;
  search(args: { actor: Actor | null; query: PartySearchQuery }): Promise<unknown>;
  get(args: { actor: Actor | null; id: string }): Promise<unknown>;
  getByCode(args: { actor: Actor | null; code: string }): Promise<unknown>;
  exists(args: { actor: Actor | null; code: string }): Promise<{ exists: boolean }>;
  facets(args: { actor: Actor | null }): Promise<unknown>;
  count(args: { actor: Actor | null }): Promise<{ count: number }>;
  create(args: { actor: Actor; body: Create }): Promise<unknown>;
  update(args: { actor: Actor; id: string; patch: Update }): Promise<unknown>;
  setActive(args: { actor: Actor; id: string; active: boolean }): Promise<unknown>;
  softDelete(args: { id: string }): Promise<void>;
  pieces(args: { actor: Actor | null; id: string; query: ProductListQuery }): Promise<ProductPage>;
  dashboard(args: { actor: Actor; id: string }): Promise<unknown>;
  ownDashboard(args: { actor: Actor }): Promise<unknown>;
}

export interface PartyRouteSpec<LQ extends PartyListQuery, Create, Update> {
  /** `designers`: the path under /api and the OpenAPI tag. */
  plural: string;
  /** `designer`: the wording of the summaries. */
  noun: string;
  role: 'DESIGNER' | 'VENDOR';
  schemas: {
    record: z.ZodType;
    page: z.ZodType;
    dashboard: z.ZodType;
    facets: z.ZodType;
    listQuery: z.ZodType<LQ>;
    create: z.ZodType<Create>;
    update: z.ZodType<Update>;
  };
  /** What `/search` matches and what `/filters` answers, in words. */
  summaries: { search: string; filters: string };
  /** The pieces' path under `/:id` (`designs`, `products`). */
  pieces: string;
  /** Routes of the party's own, registered after `/dashboard` (the signed-in party's `/me`). */
  ownRoutes?: (app: ZodApp) => void;
  /** Lists by a field of the party's own, registered after `/code/:code` (`/specialty/:specialty`). */
  byFieldRoutes: (app: ZodApp) => void;
}

/** The query of the lists narrowed by the path (`/verified`, `/specialty/:specialty`…). */
export const PartyListByQuerySchema = PartyListQuerySchema.omit({ filter: true });
const ListQuerySchema = PartyListByQuerySchema;

// The schemas of the party's own record, list query and bodies are generic here: what the type
// provider infers from a generic schema TypeScript cannot relate back to it, hence the `as LQ`,
// `as Create` and `as Update` below (the schema has validated the value).

// Static paths first, then `/:id` and its children (find-my-way prefers static segments anyway;
// the order keeps the table readable — and it is the OpenAPI document's order).
export function registerPartyRoutes<LQ extends PartyListQuery, Create, Update>(
  app: ZodApp,
  service: PartyRouteService<LQ, Create, Update>,
  spec: PartyRouteSpec<LQ, Create, Update>,
) {
  const { plural, noun, schemas: s } = spec;
  const base = `/api/${plural}`;
  const tags = [plural];
  const AdminOnly = roles('ADMIN');
  const AdminOrOwner = { access: 'roles', roles: ['ADMIN', spec.role], ownership: `a ${spec.role} only its own profile` } as const;
  const ListResponses = { 200: s.page, ...errorResponses(400) };

  app.get(base, {
    config: { policy: Public },
    schema: {
      tags,
      summary: `List ${plural} (active only unless ADMIN); \`filter=current-user\` answers the caller’s own profile`,
      querystring: s.listQuery,
      response: { ...ListResponses, ...errorResponses(401) },
    },
    handler: async (request) => service.list({ actor: request.actor, query: request.query as LQ }),
  });

  app.get(`${base}/dashboard`, {
    config: { policy: roles(spec.role) },
    schema: { tags, summary: `Dashboard of the signed-in ${noun}`, response: { 200: s.dashboard, ...errorResponses(401, 403) } },
    handler: async (request) => service.ownDashboard({ actor: requireActor(request) }),
  });

  spec.ownRoutes?.(app);

  app.get(`${base}/verified`, {
    config: { policy: Public },
    schema: { tags, summary: `Verified ${plural}`, querystring: ListQuerySchema, response: ListResponses },
    handler: async (request) => service.listBy({ actor: request.actor, filter: { verified: true }, query: request.query }),
  });

  app.get(`${base}/featured`, {
    config: { policy: Public },
    schema: { tags, summary: `Featured ${plural}`, querystring: ListQuerySchema, response: ListResponses },
    handler: async (request) => service.listBy({ actor: request.actor, filter: { featured: true }, query: request.query }),
  });

  app.get(`${base}/search`, {
    config: { policy: Public },
    schema: { tags, summary: spec.summaries.search, querystring: PartySearchQuerySchema, response: ListResponses },
    handler: async (request) => service.search({ actor: request.actor, query: request.query }),
  });

  app.get(`${base}/filters`, {
    config: { policy: Public },
    schema: { tags, summary: spec.summaries.filters, response: { 200: s.facets } },
    handler: async (request) => service.facets({ actor: request.actor }),
  });

  app.get(`${base}/count`, {
    config: { policy: Public },
    schema: { tags, summary: `Number of ${plural} the caller can see`, response: { 200: CountSchema } },
    handler: async (request) => service.count({ actor: request.actor }),
  });

  app.get(`${base}/exists/:code`, {
    config: { policy: Public },
    schema: {
      tags,
      summary: `Whether a ${noun} has this code (for ADMIN: whether the code is taken)`,
      params: PartyCodeParamsSchema,
      response: { 200: ExistsSchema, ...errorResponses(400) },
    },
    handler: async (request) => service.exists({ actor: request.actor, code: request.params.code }),
  });

  app.get(`${base}/code/:code`, {
    config: { policy: Public },
    schema: {
      tags,
      summary: `A ${noun} by code (case-insensitive)`,
      params: PartyCodeParamsSchema,
      response: { 200: s.record, ...errorResponses(400, 404) },
    },
    handler: async (request) => service.getByCode({ actor: request.actor, code: request.params.code }),
  });

  spec.byFieldRoutes(app);

  app.get(`${base}/:id`, {
    config: { policy: Public },
    schema: { tags, summary: `One ${noun}`, params: UuidParamsSchema, response: { 200: s.record, ...errorResponses(400, 404) } },
    handler: async (request) => service.get({ actor: request.actor, id: request.params.id }),
  });

  app.get(`${base}/:id/${spec.pieces}`, {
    config: { policy: Public },
    schema: {
      tags,
      summary: `The ${noun}’s pieces (paged like the products list)`,
      params: UuidParamsSchema,
      querystring: ProductListQuerySchema,
      response: { 200: ProductPageSchema, ...errorResponses(400, 404) },
    },
    handler: async (request) => service.pieces({ actor: request.actor, id: request.params.id, query: request.query }),
  });

  app.get(`${base}/:id/dashboard`, {
    config: { policy: AdminOrOwner },
    schema: {
      tags,
      summary: 'Pieces, stock, units and revenue sold, recent orders',
      params: UuidParamsSchema,
      response: { 200: s.dashboard, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => service.dashboard({ actor: requireActor(request), id: request.params.id }),
  });

  app.post(base, {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: `Create a ${noun} (code unique regardless of case)`,
      body: s.create,
      response: { 201: s.record, ...errorResponses(400, 401, 403, 409) },
    },
    handler: async (request, reply) =>
      reply.code(201).send(await service.create({ actor: requireActor(request), body: request.body as Create })),
  });

  app.put(`${base}/:id`, {
    config: { policy: AdminOrOwner },
    schema: {
      tags,
      summary: `Update a ${noun}: ADMIN anything; the owner its profile fields only`,
      params: UuidParamsSchema,
      body: s.update,
      response: { 200: s.record, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => service.update({ actor: requireActor(request), id: request.params.id, patch: request.body as Update }),
  });

  app.delete(`${base}/:id`, {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: `Soft-delete a ${noun} (releases the owning account)`,
      params: UuidParamsSchema,
      response: { 204: z.null(), ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request, reply) => {
      await service.softDelete({ id: request.params.id });
      return reply.code(204).send(null);
    },
  });

  app.patch(`${base}/:id/deactivate`, {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: `Hide a ${noun} from visitors`,
      params: UuidParamsSchema,
      response: { 200: s.record, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => service.setActive({ actor: requireActor(request), id: request.params.id, active: false }),
  });

  app.patch(`${base}/:id/activate`, {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: `Show a ${noun} to visitors`,
      params: UuidParamsSchema,
      response: { 200: s.record, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => service.setActive({ actor: requireActor(request), id: request.params.id, active: true }),
  });
}
