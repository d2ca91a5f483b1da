import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailStatisticsSchema,
  OutboxEmailDetailSchema,
  OutboxEmailSchema,
  OutboxPageSchema,
  OutboxQuerySchema,
  QueuedEmailSchema,
  SendEmailBodySchema,
  UuidParamsSchema,
} from '@mirror/contract';
import { Public, roles } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { NotificationsService } from './notifications.service';

const tags = ['notifications'];

export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService; emailRateLimitMax: number }> = async (
  app,
  { notifications, emailRateLimitMax },
) => {
  app.post('/api/notifications/email', {
    config: {
      policy: Public,
      rateLimit: {
        // After auth (so ADMIN is recognised) and before validation (so malformed floods count too).
        hook: 'preValidation',
        timeWindow: '15 minutes',
        max: emailRateLimitMax,
        keyGenerator: (request) => `email:ip:${request.ip}`,
        allowList: (request) => request.actor?.role === 'ADMIN',
      },
    },
    schema: {
      tags,
      summary:
        'Queue a templated email. Visitors and non-admin users: form types only, to the brand inbox and the ' +
        'model.email address, captcha required when on; ADMIN: any type and recipient',
      body: SendEmailBodySchema,
      response: { 202: QueuedEmailSchema, ...errorResponses(400, 401, 403, 429, 503) },
    },
    handler: async (request, reply) => {
      const queued = await notifications.send({ actor: request.actor, body: request.body, ip: request.ip });
      return reply.code(202).send(queued);
    },
  });

  app.get('/api/notifications/outbox', {
    config: { policy: roles('ADMIN') },
    schema: {
      tags,
      summary: 'The email outbox, newest first (paged; filter by status and emailType)',
      querystring: OutboxQuerySchema,
      response: { 200: OutboxPageSchema, ...errorResponses(400, 401, 403) },
    },
    handler: async (request) => notifications.listOutbox(request.query),
  });

  app.get('/api/notifications/outbox/:id', {
    config: { policy: roles('ADMIN') },
    schema: {
      tags,
      summary: 'One outbox email with its text and the exact HTML the worker sends (show it only in a sandboxed iframe)',
      params: UuidParamsSchema,
      response: { 200: OutboxEmailDetailSchema, ...errorResponses(400, 401, 403, 404) },
    },
    handler: async (request) => notifications.getEmail({ id: request.params.id }),
  });

  app.post('/api/notifications/outbox/:id/retry', {
    config: { policy: roles('ADMIN') },
    schema: {
      tags,
      summary: 'Queue a FAILED email again: attempts reset, due now (409 when it is SENT or already QUEUED)',
      params: UuidParamsSchema,
      response: { 200: OutboxEmailSchema, ...errorResponses(400, 401, 403, 404, 409) },
    },
    handler: async (request) => notifications.retry({ id: request.params.id }),
  });

  app.get('/api/notifications/statistics', {
    config: { policy: roles('ADMIN') },
    schema: {
      tags,
      summary: 'Emails in the outbox by status (every status present) and when the oldest queued one was queued',
      response: { 200: EmailStatisticsSchema, ...errorResponses(401, 403) },
    },
    handler: async () => notifications.statistics(),
  });
};
