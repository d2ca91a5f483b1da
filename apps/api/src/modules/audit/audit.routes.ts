import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AuditActorsSchema, AuditEventPageSchema, AuditListQuerySchema } from '@mirror/contract';
import { roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { AuditService } from './audit.service';

const tags = ['audit'];
const AdminOnly = roles('ADMIN');

/** The audit trail of back-office changes (written by the services in each change's transaction). */
export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get('/api/audit', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'Changes made through the back-office, newest first (paged; filter by actorId, entityType, entityId, action, from, to)',
      querystring: AuditListQuerySchema,
      response: { 200: AuditEventPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => audit.list({ query: request.query }),
  });

  app.get('/api/audit/actors', {
    config: { policy: AdminOnly },
    schema: {
      tags,
      summary: 'The people who have made changes, most active first (the Activity person filter)',
      response: { 200: AuditActorsSchema, ...errorResponses(401, 403) },
    },
    handler: async () => audit.actors(),
  });
};
