import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Runs helmet once with a recording response and returns the headers it sets. Our policy has no
 * per-request parts (no nonces), so every response can carry the same precomputed headers — helmet
 * itself would re-parse the CSP directives on every request.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers = new Map<string, string>();
  const res = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers.set(name.toLowerCase(), Array.isArray(value) ? value.join(', ') : String(value));
    },
    removeHeader(name: string) {
      headers.delete(name.toLowerCase());
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as unknown as IncomingMessage, res, (err?: unknown) => {
    failure = err;
  });
  if (failure instanceof Error) throw failure;
  if (failure) throw new Error('helmet failed', { cause: failure });
  return Object.fromEntries(headers);
}

/** Sets helmet's security headers on every response from one precomputed map. */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, { helmet: options }: { helmet: HelmetOptions }) => {
    const headers = helmetHeaders(options);
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
