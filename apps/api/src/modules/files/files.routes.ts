import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { JEWELRY_WEEK_UPLOAD_FOLDER, UploadedFileSchema } from '@mirror/contract';
import { Public } from '../../plugins/auth';
import { AppError } from '../../lib/errors';
import { errorResponses } from '../../lib/route-schemas';
import { assertSafeKey, type StorageDriver } from '../../lib/storage/storage';
import type { FilesService } from './files.service';

export interface FilesRoutesOptions {
  storage: StorageDriver;
  files: FilesService;
  uploadMaxBytes: number;
  /** Signed-in callers: per user; anonymous callers: per IP. Both per 15 minutes. */
  uploadRateLimit: { signedIn: number; anonymous: number };
  /** Downloads per IP per minute, in their own bucket: a storefront page shows dozens of images. */
  downloadRateLimitMax: number;
}

/** Reads the multipart form into memory (bounded by uploadMaxBytes); parser failures become 4xx. */
async function readUploadForm(request: FastifyRequest, maxBytes: number) {
  const fields: Record<string, unknown> = {};
  let file: Buffer | null = null;
  try {
    const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10, fieldSize: 10_000, parts: 11 } });
    for await (const part of parts) {
      if (part.type === 'file') {
        const body = await part.toBuffer();
        if (part.fieldname !== 'file')
          throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
            { path: part.fieldname, message: 'Send the file in a field named "file"' },
          ]);
        file = body;
      } else if (['description', 'bucketName', 'folderPath'].includes(part.fieldname)) {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${Math.round((maxBytes / 1_048_576) * 100) / 100} MB limit.`);
    }
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the upload as multipart/form-data.');
    }
    if (code === 'FST_FILES_LIMIT') throw new AppError('BAD_REQUEST', 'Send one file per upload.');
    // Malformed multipart, too many fields, client gone…: the request, not the server, is at fault.
    throw new AppError('BAD_REQUEST', 'The upload could not be read. Send one file as multipart/form-data.');
  }
  return { fields, file };
}

export const filesRoutes: FastifyPluginAsyncZod<FilesRoutesOptions> = async (
  app,
  { storage, files, uploadMaxBytes, uploadRateLimit, downloadRateLimitMax },
) => {
  await app.register(multipart, { throwFileSizeLimit: true, limits: { fileSize: uploadMaxBytes, files: 1 } });

  app.post('/api/files/upload', {
    config: {
      policy: Public,
      rateLimit: {
        // After auth has run, so signed-in users count per account and visitors per IP.
        hook: 'preHandler',
        timeWindow: '15 minutes',
        keyGenerator: (request) => (request.actor ? `upload:user:${request.actor.id}` : `upload:ip:${request.ip}`),
        max: (request) => (request.actor ? uploadRateLimit.signedIn : uploadRateLimit.anonymous),
      },
    },
    schema: {
      tags: ['files'],
      summary: `Upload a file (multipart: file, description, bucketName, folderPath). Any signed-in user; visitors only to ${JEWELRY_WEEK_UPLOAD_FOLDER}, rate limited per IP`,
      description:
        'multipart/form-data with a `file` part (JPEG, PNG, WebP, AVIF, PDF or GLB, decided by content) and optional text fields ' +
        '`description`, `bucketName` (default mirror-storage) and `folderPath` (default public). Images also get WebP renditions.',
      consumes: ['multipart/form-data'],
      response: { 201: UploadedFileSchema, ...errorResponses(400, 401, 403, 413, 415, 429) },
    },
    handler: async (request, reply) => {
      const { fields, file } = await readUploadForm(request, uploadMaxBytes);
      const uploaded = await files.upload({ actor: request.actor, fields, file });
      return reply.code(201).send(uploaded);
    },
  });

  app.get('/api/files/*', {
    config: {
      policy: Public,
      // Counted apart from the API budget (RATE_LIMIT_MAX), so browsing images never starves the page's API calls.
      rateLimit: { max: downloadRateLimitMax, timeWindow: '1 minute', keyGenerator: (request) => `files:ip:${request.ip}` },
    },
    schema: {
      tags: ['files'],
      summary: 'Download a stored file (uploads and generated imagery); rate limited per IP',
      params: z.object({ '*': z.string().max(400) }),
      response: { 200: z.any().describe('The file'), ...errorResponses(400, 404, 429) },
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
      const name = key
        .split('/')
        .pop()!
        .replace(/[^A-Za-z0-9._-]/g, '_');
      const inline = /^(image\/|application\/pdf$|model\/gltf-binary$)/.test(object.contentType);
      return (
        reply
          .header('content-type', object.contentType)
          .header('content-length', object.size)
          .header('x-content-type-options', 'nosniff')
          // Keys are generated and never reused, so the content behind a URL never changes.
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${name}"`)
          .header('content-security-policy', "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox")
          .send(object.body)
      );
    },
  });
};
