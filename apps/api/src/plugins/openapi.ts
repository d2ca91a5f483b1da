import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

/** OpenAPI 3.1 generated from the contract's zod schemas; the reference UI is served from npm assets. */
export const openapiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Mirror API',
        version: '1.0.0',
        description: 'Storefront and back-office API of Mirror. Errors share one shape: { status, error, code, message, details? }.',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearerAuth: [] }],
    },
    transform: (input) => {
      const result = jsonSchemaTransform(input);
      const policy = input.route.config?.policy;
      if (policy) {
        const who =
          policy.access === 'public'
            ? 'public'
            : policy.access === 'authenticated'
              ? 'any signed-in user'
              : `roles: ${policy.roles.join(', ')}`;
        const ownership = 'ownership' in policy && policy.ownership ? ` (${policy.ownership})` : '';
        (result.schema as Record<string, unknown>)['x-access-policy'] = `${who}${ownership}`;
        if (policy.access === 'public') (result.schema as Record<string, unknown>).security = [];
      }
      return result;
    },
  });
  app.get('/api/openapi.json', { config: { policy: { access: 'public' } }, schema: { hide: true } }, () => app.swagger());
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list', deepLinking: true } });
});
