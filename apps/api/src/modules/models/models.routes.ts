import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MetalTypeSchema, UuidParamsSchema } from '@mirror/contract';
import { Public } from '../../plugins/auth';
import { errorResponses } from '../../lib/route-schemas';
import type { ModelsService } from './models.service';

/** Live pieces: shared caches may keep a model ten minutes, then revalidate it by ETag. */
const PUBLIC_CACHE = 'public, max-age=600, stale-while-revalidate=86400';
/** Drafts depend on who asks: only the browser keeps them, and asks again each time. */
const PRIVATE_CACHE = 'private, no-cache';

export const modelsRoutes: FastifyPluginAsyncZod<{ models: ModelsService }> = async (app, { models }) => {
  app.get('/api/products/:id/model.glb', {
    // Public, with the product's own visibility: a DRAFT only for its vendor and admins (404 for anyone else).
    config: { policy: Public },
    schema: {
      tags: ['products'],
      summary:
        "The piece's 3D model (binary glTF 2.0, meshopt-compressed) built from its attributes; `metal` shows it in another metal. ETag / If-None-Match → 304. A DRAFT piece only for its vendor and admins",
      params: UuidParamsSchema,
      querystring: z.object({ metal: MetalTypeSchema.optional() }).strict(),
      response: { 200: z.any().describe('model/gltf-binary'), 304: z.null().describe('Not modified'), ...errorResponses(400, 404) },
    },
    handler: async (request, reply) => {
      const model = await models.get({
        actor: request.actor,
        id: request.params.id,
        metal: request.query.metal,
        ifNoneMatch: request.headers['if-none-match'],
      });
      reply
        .header('etag', `"${model.etag}"`)
        .header('cache-control', model.isPublic ? PUBLIC_CACHE : PRIVATE_CACHE)
        .header('vary', 'Authorization');
      if (!model.body) return reply.code(304).send(null);
      return reply
        .header('content-type', 'model/gltf-binary')
        .header('content-disposition', `inline; filename="${model.fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(model.body.buffer, model.body.byteOffset, model.body.byteLength));
    },
  });
};
