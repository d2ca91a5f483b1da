import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CreateDesignerBodySchema,
  DesignerDashboardSchema,
  DesignerFacetsSchema,
  DesignerListQuerySchema,
  DesignerPageSchema,
  DesignerSchema,
  SpecialtyParamsSchema,
  UpdateDesignerBodySchema,
} from '@mirror/contract';
import { Public, requireActor } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import { PartyListByQuerySchema, registerPartyRoutes } from '../parties/parties.routes';
import type { DesignersService } from './designers.service';

const tags = ['designers'];
const ListResponses = { 200: DesignerPageSchema, ...errorResponses(400) };

/** The party routes (`parties.routes.ts`), plus the signed-in designer's `/me` and the list by specialty. */
export const designersRoutes: FastifyPluginAsyncZod<{ designers: DesignersService }> = async (app, { designers }) => {
  registerPartyRoutes(app, designers, {
    plural: 'designers',
    noun: 'designer',
    role: 'DESIGNER',
    schemas: {
      record: DesignerSchema,
      page: DesignerPageSchema,
      dashboard: DesignerDashboardSchema,
      facets: DesignerFacetsSchema,
      listQuery: DesignerListQuerySchema,
      create: CreateDesignerBodySchema,
      update: UpdateDesignerBodySchema,
    },
    summaries: {
      search: 'Search code, name, specialty, country and biography (`search`, `page` from 0, `size` 20)',
      filters: 'Specialties and countries in use, with counts, over the records the caller can see (the back-office filters)',
    },
    pieces: 'designs',

    ownRoutes(app) {
      app.get('/api/designers/me', {
        config: { policy: { access: 'roles', roles: ['DESIGNER'], ownership: 'the signed-in designer’s own profile' } },
        schema: {
          tags,
          summary: 'The signed-in designer’s own profile (active or not)',
          response: { 200: DesignerSchema, ...errorResponses(401, 403) },
        },
        handler: async (request) => designers.own({ actor: requireActor(request) }),
      });

      app.put('/api/designers/me', {
        config: { policy: { access: 'roles', roles: ['DESIGNER'], ownership: 'the signed-in designer’s own profile fields' } },
        schema: {
          tags,
          summary:
            'Update the signed-in designer’s profile fields (name, specialty, bio, email, website, country, ' +
            'avatar); code, flags or owner → 403 naming them',
          body: UpdateDesignerBodySchema,
          response: { 200: DesignerSchema, ...errorResponses(400, 401, 403, 409) },
        },
        handler: async (request) => designers.updateOwn({ actor: requireActor(request), patch: request.body }),
      });
    },

    byFieldRoutes(app) {
      app.get('/api/designers/specialty/:specialty', {
        config: { policy: Public },
        schema: {
          tags,
          summary: 'Designers of a specialty (case-insensitive)',
          params: SpecialtyParamsSchema,
          querystring: PartyListByQuerySchema,
          response: ListResponses,
        },
        handler: async (request) =>
          designers.listBy({ actor: request.actor, filter: { specialty: request.params.specialty }, query: request.query }),
      });
    },
  });
};
