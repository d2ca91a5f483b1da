import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AuthenticateBodySchema, LogoutBodySchema, RefreshTokenBodySchema, TokenPairSchema } from '@mirror/contract';
import { Public } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { AuthService } from './auth.service';

export const authRoutes: FastifyPluginAsyncZod<{ auth: AuthService }> = async (app, { auth }) => {
  app.post('/api/auth/authenticate', {
    config: { policy: Public },
    schema: {
      tags: ['auth'],
      summary: 'Sign in with a username and password',
      body: AuthenticateBodySchema,
      response: { 200: TokenPairSchema, ...errorResponses(400, 401, 429) },
    },
    handler: async (request) => auth.authenticate({ body: request.body, ip: request.ip }),
  });

  app.post('/api/v1/auth/refresh-token', {
    config: { policy: Public },
    schema: {
      tags: ['auth'],
      summary: 'Exchange a refresh token for a new token pair (the old one is spent)',
      body: RefreshTokenBodySchema,
      response: { 200: TokenPairSchema, ...errorResponses(400, 401) },
    },
    handler: async (request) => auth.refresh({ refreshToken: request.body.refreshToken }),
  });

  app.post('/api/auth/logout', {
    config: { policy: Public },
    schema: {
      tags: ['auth'],
      summary: 'Revoke a refresh token (and the login it belongs to)',
      body: LogoutBodySchema,
      response: { 204: z.null().describe('Signed out'), ...errorResponses(400) },
    },
    handler: async (request, reply) => {
      await auth.logout({ refreshToken: request.body.refreshToken });
      return reply.code(204).send(null);
    },
  });
};
