import { hash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * HTTP caching of the public catalogue (decisions §80).
 *
 * A *catalogue read* is a GET whose policy is `public` under one of the catalogue's resources, other than
 * health checks and "is this name taken?" probes (form validation, never worth a stale answer). Its 200
 * answers carry a weak ETag (a hash of the serialised body) and answer `If-None-Match` with 304; without an
 * Authorization header they are `public` with a short `max-age` and `stale-while-revalidate`, so a CDN or a
 * reverse proxy can serve them; with one (a signed-in caller: an admin sees drafts, a vendor its own) they
 * are `private, no-cache`. Both carry `Vary: Authorization`. Identity travels only in that header (no
 * session cookie), so nothing else can make two callers' answers differ.
 *
 * Responses that set their own ETag (the 3D model, decisions §69) are left alone.
 */
export interface HttpCacheOptions {
  /** Seconds a shared cache or the browser may serve an anonymous answer without asking. */
  maxAge?: number;
  /** Seconds after that during which a cache may serve the stale answer while it revalidates. */
  staleWhileRevalidate?: number;
}

const CATALOGUE = /^\/api\/(products|collections|categories|components|component-optionals|designers|vendors|locations)(\/|$)/;
const NOT_CATALOGUE = /\/(health|exists)(\/|$)|\/model\.glb$/;

/** Whether a route's answers are catalogue reads (see above). */
export function isCatalogueRead(method: string, url: string, access: string | undefined): boolean {
  return (method === 'GET' || method === 'HEAD') && access === 'public' && CATALOGUE.test(url) && !NOT_CATALOGUE.test(url);
}

/** `If-None-Match` against a weak ETag: the weak comparison of RFC 9110 §8.8.3.2 (the `W/` prefix is ignored). */
export function matchesIfNoneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

function addVary(reply: FastifyReply, field: string) {
  const current = reply.getHeader('vary');
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);
  if (values.includes('*') || values.some((v) => v.toLowerCase() === field.toLowerCase())) return;
  reply.header('vary', [...values, field].join(', '));
}

export const httpCachePlugin = fp(
  async (app: FastifyInstance, { maxAge = 30, staleWhileRevalidate = 60 }: HttpCacheOptions) => {
    const publicCache = `public, max-age=${maxAge}, stale-while-revalidate=${staleWhileRevalidate}`;
    const cacheable = new Set<string>();
    app.addHook('onRoute', (route) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      const url = route.url;
      const access = (route.config as { policy?: { access?: string } } | undefined)?.policy?.access;
      if (methods.some((m) => isCatalogueRead(String(m), url, access))) cacheable.add(url);
    });
    app.decorate('catalogueReads', cacheable);

    // A callback hook, not an async one: it runs on every answer, and a promise per request is measurable.
    app.addHook('onSend', (request, reply, payload, done) => {
      done(null, tagged(request, reply, payload));
    });
    function tagged(request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown {
      if (reply.statusCode !== 200 || (request.method !== 'GET' && request.method !== 'HEAD')) return payload;
      if (!cacheable.has(request.routeOptions.url ?? '') || reply.hasHeader('etag')) return payload;
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      // Encoded once: the hash and the socket then share the bytes (a string would be encoded for each).
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      const etag = `W/"${hash('sha1', body, 'base64url')}"`;
      reply.header('etag', etag);
      reply.header('cache-control', request.headers.authorization ? 'private, no-cache' : publicCache);
      addVary(reply, 'Authorization');
      if (!matchesIfNoneMatch(request.headers['if-none-match'], etag)) return body;
      reply.code(304);
      reply.removeHeader('content-type');
      reply.removeHeader('content-length');
      return '';
    }
  },
  { name: 'http-cache' },
);

declare module 'fastify' {
  interface FastifyInstance {
    /** URLs of the routes whose answers the http-cache plugin tags (for tests and the curious). */
    catalogueReads: Set<string>;
  }
}
