import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { runWithReadRoute } from '../db/read-routing';

/**
 * Which requests read from the replica when DATABASE_READ_URL is set (decisions §86: several instances,
 * a read replica):
 * - anonymous catalogue reads (the routes the http-cache plugin tags `public`, already allowed to be up to
 *   max-age + stale-while-revalidate old at a CDN) go to the replica;
 * - signed-in requests stay on the primary: the auth hook reads the caller's live status there, so a disabled
 *   account or a changed role takes effect at once, and staff see their drafts as they save them;
 * - read-your-writes: every successful write answers with a short cookie (`mirror_primary`, its value the
 *   window's end in ms); while it lasts the same client's requests read from the primary and past the
 *   per-process result caches, whichever instance answers. The window (DATABASE_READ_STICKY_SECONDS,
 *   default 5) must exceed the replica's replay lag, which on a streaming replica is normally milliseconds.
 *
 * The cookie carries no identity and is not signed: a forged one only sends its holder's reads to the primary.
 */
export const STICKY_COOKIE = 'mirror_primary';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The end of the writer's window from the cookie, if it is still open (and not longer than a window). */
export function stickyUntil(cookieHeader: string | undefined, now: number, windowMs: number): number | null {
  if (!cookieHeader) return null;
  const match = new RegExp(`(?:^|;\\s*)${STICKY_COOKIE}=(\\d{1,16})(?:;|$)`).exec(cookieHeader);
  if (!match) return null;
  const until = Number(match[1]);
  return until > now && until <= now + windowMs ? until : null;
}

export const readReplicaPlugin = fp(
  async (app: FastifyInstance, { hasReadReplica, stickySeconds }: { hasReadReplica: boolean; stickySeconds: number }) => {
    if (!hasReadReplica) return;
    const windowMs = stickySeconds * 1000;
    const isAnonymousCatalogueRead = (request: FastifyRequest) =>
      (request.method === 'GET' || request.method === 'HEAD') &&
      !request.headers.authorization &&
      app.catalogueReads.has(request.routeOptions.url ?? '');

    app.addHook('onRequest', (request, _reply, done) => {
      if (stickyUntil(request.headers.cookie, Date.now(), windowMs) !== null) {
        runWithReadRoute('primary-after-write', done);
        return;
      }
      if (isAnonymousCatalogueRead(request)) {
        runWithReadRoute('replica', done);
        return;
      }
      done();
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (READS.has(request.method) || reply.statusCode >= 400 || !request.url.startsWith('/api/')) return payload;
      const secure = request.protocol === 'https' ? '; Secure' : '';
      reply.header(
        'set-cookie',
        `${STICKY_COOKIE}=${Date.now() + windowMs}; Max-Age=${stickySeconds}; Path=/api; HttpOnly; SameSite=Lax${secure}`,
      );
      return payload;
    });
  },
  { name: 'read-replica', dependencies: ['http-cache'] },
);
