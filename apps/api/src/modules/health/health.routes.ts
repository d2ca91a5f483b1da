import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HealthSchema } from '@mirror/contract';
import { Public } from '../../plugins/auth';

export const healthRoutes: FastifyPluginAsyncZod<{ ping: () => Promise<boolean> }> = async (app, { ping }) => {
  app.get('/api/health', {
    config: { policy: Public, rateLimit: false },
    schema: { tags: ['health'], summary: 'Liveness and database check', response: { 200: HealthSchema, 503: HealthSchema } },
    handler: async (_request, reply) => {
      const up = await ping();
      return reply
        .code(up ? 200 : 503)
        .send({ status: up ? 'UP' : 'DOWN', service: 'api', database: up ? 'UP' : 'DOWN', timestamp: new Date().toISOString() });
    },
  });
};
