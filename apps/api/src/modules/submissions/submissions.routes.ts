import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  MySubmissionPageSchema,
  PageQuerySchema,
  SubmissionDetailSchema,
  SubmissionFacetsQuerySchema,
  SubmissionFacetsSchema,
  SubmissionListQuerySchema,
  SubmissionPageSchema,
  UpdateSubmissionBodySchema,
  UuidParamsSchema,
} from '@mirror/contract';
import { requireActor, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { SubmissionsService } from './submissions.service';

const tags = ['submissions'];
const AdminOnly = roles('ADMIN');

/**
 * Digital jewelry week entries. There is no public POST: an entry is recorded when the public form's
 * JEWELRY_WEEK_SUBMISSION email is queued (POST /api/notifications/email), in the same transaction.
 */
export const submissionsRoutes: FastifyPluginAsyncZod<{ submissions: SubmissionsService }> = async (app, { submissions }) => {
  app.get('/api/submissions', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Jewelry week entries (paged; filter by status; q searches name, email and country; sort createdAt|name|status)',
      querystring: SubmissionListQuerySchema,
      response: { 200: SubmissionPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => submissions.list({ query: request.query }),
  });

  app.get('/api/submissions/facets', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Entries per status (every status present) for the tabs, following the search q',
      querystring: SubmissionFacetsQuerySchema,
      response: { 200: SubmissionFacetsSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => submissions.facets({ query: request.query }),
  });

  app.get('/api/submissions/mine', {
    config: { policy: { ...roles('DESIGNER'), ownership: "entries sent with the signed-in designer's email address" } },
    schema: {
      tags,
      summary: "The signed-in designer's own entries and their status (no internal notes), newest first",
      querystring: PageQuerySchema,
      response: { 200: MySubmissionPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => submissions.mine({ actor: requireActor(request), query: request.query }),
  });

  app.get('/api/submissions/:id', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'One entry with its files (URLs) and status history',
      params: UuidParamsSchema,
      response: { 200: SubmissionDetailSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => submissions.get({ id: request.params.id }),
  });

  app.patch('/api/submissions/:id', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary:
        'Move an entry: RECEIVED → UNDER_REVIEW → SELECTED | DECLINED (final; 409 otherwise). A decision ' +
        'queues the designer’s email in the same transaction. The same status again only adds the note',
      params: UuidParamsSchema,
      body: UpdateSubmissionBodySchema,
      response: { 200: SubmissionDetailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => submissions.update({ actor: requireActor(request), id: request.params.id, body: request.body }),
  });
};
