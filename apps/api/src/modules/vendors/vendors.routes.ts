import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CountryParamsSchema,
  CreateVendorBodySchema,
  UpdateVendorBodySchema,
  VendorDashboardSchema,
  VendorFacetsSchema,
  VendorListQuerySchema,
  VendorPageSchema,
  VendorSchema,
  VendorTypeParamsSchema,
} from '@mirror/contract';
import { Public } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import { PartyListByQuerySchema, registerPartyRoutes } from '../parties/parties.routes';
import type { VendorsService } from './vendors.service';

const tags = ['vendors'];
const ListResponses = { 200: VendorPageSchema, ...errorResponses(400) };

/** The party routes (`parties.routes.ts`), plus the lists by country and by type. */
export const vendorsRoutes: FastifyPluginAsyncZod<{ vendors: VendorsService }> = async (app, { vendors }) => {
  registerPartyRoutes(app, vendors, {
    plural: 'vendors',
    noun: 'vendor',
    role: 'VENDOR',
    schemas: {
      record: VendorSchema,
      page: VendorPageSchema,
      dashboard: VendorDashboardSchema,
      facets: VendorFacetsSchema,
      listQuery: VendorListQuerySchema,
      create: CreateVendorBodySchema,
      update: UpdateVendorBodySchema,
    },
    summaries: {
      search: 'Search code, name, country, type and description (`search`, `page` from 0, `size` 20)',
      filters: 'Countries and types in use, with counts, over the records the caller can see (the back-office filters)',
    },
    pieces: 'products',

    byFieldRoutes(app) {
      app.get('/api/vendors/country/:country', {
        config: { policy: Public },
        schema: {
          tags,
          summary: 'Vendors in a country (ISO 3166 alpha-2, any case)',
          params: CountryParamsSchema,
          querystring: PartyListByQuerySchema,
          response: ListResponses,
        },
        handler: async (request) =>
          vendors.listBy({ actor: request.actor, filter: { country: request.params.country }, query: request.query }),
      });

      app.get('/api/vendors/type/:type', {
        config: { policy: Public },
        schema: {
          tags,
          summary: 'Vendors of a type',
          params: VendorTypeParamsSchema,
          querystring: PartyListByQuerySchema,
          response: ListResponses,
        },
        handler: async (request) => vendors.listBy({ actor: request.actor, filter: { type: request.params.type }, query: request.query }),
      });
    },
  });
};
