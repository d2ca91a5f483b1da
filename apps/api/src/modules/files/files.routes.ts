import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Public } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schemas';
import { assertSafeKey, type StorageDriver } from '../../lib/storage/storage';

export const filesRoutes: FastifyPluginAsyncZod<{ storage: StorageDriver }> = async (app, { storage }) => {
  app.get('/api/files/*', {
    config: { policy: Public, rateLimit: false },
    schema: {
      tags: ['files'],
      summary: 'Download a stored file (uploads and generated imagery)',
      params: z.object({ '*': z.string().max(400) }),
      response: { 200: z.any().describe('The file'), ...errorResponses(404) },
    },
    handler: async (request, reply) => {
      const key = request.params['*'];
      try {
        assertSafeKey(key);
      } catch {
        throw new AppError('NOT_FOUND', 'File not found.');
      }
      const object = await storage.get(key);
      if (!object) throw new AppError('NOT_FOUND', 'File not found.');
      const name = key.split('/').pop()!.replace(/[^A-Za-z0-9._-]/g, '_');
      const inline = /^(image\/|application\/pdf$|model\/gltf-binary$)/.test(object.contentType);
      return reply
        .header('content-type', object.contentType)
        .header('content-length', object.size)
        .header('x-content-type-options', 'nosniff')
        // Keys are generated and never reused, so the content behind a URL never changes.
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
        .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
        .send(object.body);
    },
  });
};
