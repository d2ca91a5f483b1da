import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ErrorResponse } from '@mirror/contract';
import { AppError, statusOf, type ErrorDetail } from '../lib/errors';
import { pgErrorOf } from '../lib/db-errors';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/availability';

export function errorBody(status: number, code: string, message: string, details?: ErrorDetail[]): ErrorResponse {
  return { status, error: STATUS_CODES[status] ?? 'Error', code, message, ...(details?.length ? { details } : {}) };
}

function send(reply: FastifyReply, body: ErrorResponse) {
  return reply.code(body.status).type('application/json; charset=utf-8').send(body);
}

const FASTIFY_CODES: Record<string, { status: number; code: string; message: string }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE', message: 'The request body is too large.' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'This content type is not supported here.' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'The request body must not be empty.' },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' },
};

// OPTIONS is left out: CORS preflight answers it for every path.
const ROUTE_METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface ErrorHandlerOptions {
  /** Built SPA directory; unknown non-API GETs get its index.html. */
  webDist?: string | undefined;
  /** Answers a prepared storefront page (true), or leaves it to the plain index.html (lib/spa-html). */
  sendPage?: ((request: FastifyRequest, reply: FastifyReply) => Promise<boolean>) | undefined;
}

export const errorHandlerPlugin = fp<ErrorHandlerOptions>(async (app: FastifyInstance, opts) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof AppError) {
      if (err.headers) reply.headers(err.headers);
      return send(reply, errorBody(err.status, err.code, err.message, err.details));
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const context = (err as { validationContext?: string }).validationContext ?? 'body';
      const details = err.validation.flatMap((v) => {
        const base = v.instancePath.replace(/^\//, '').replaceAll('/', '.');
        const unknownKeys = (v.params as { keys?: unknown }).keys;
        // Name each unexpected field, so a form can point at it.
        if (v.keyword === 'unrecognized_keys' && Array.isArray(unknownKeys)) {
          return unknownKeys.map((key) => ({ path: base ? `${base}.${String(key)}` : String(key), message: 'Unknown field' }));
        }
        return [{ path: base || context, message: v.message ?? 'Invalid value' }];
      });
      return send(reply, errorBody(400, 'VALIDATION_FAILED', 'Some fields are not valid.', details));
    }
    if (isResponseSerializationError(err)) {
      request.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      return send(reply, errorBody(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'));
    }
    const known = err.code ? FASTIFY_CODES[err.code] : undefined;
    if (known) return send(reply, errorBody(known.status, known.code, known.message));
    const status = err.statusCode ?? 500;
    if (status === 429) {
      return send(reply, errorBody(429, 'TOO_MANY_REQUESTS', 'Too many requests. Please wait a moment and try again.'));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad content-type, malformed URL…): keep their message, it is safe.
      return send(reply, errorBody(status, 'BAD_REQUEST', err.message || 'Bad request.'));
    }
    if (isDatabaseUnavailable(err)) {
      // Refused, dropped or timed-out connections: the request may well succeed shortly, so 503 + Retry-After, not 500.
      request.log.warn({ err }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return send(
        reply,
        errorBody(
          statusOf('DATABASE_UNAVAILABLE'),
          'DATABASE_UNAVAILABLE',
          'The service is briefly unavailable. Please try again in a moment.',
        ),
      );
    }
    // 22021: text PostgreSQL cannot store (U+0000). Validated input never gets here (the contract's NUL rule);
    // this covers what is parsed outside a route schema (multipart fields, CSV cells).
    if (pgErrorOf(err)?.code === '22021') {
      request.log.warn({ err }, 'text with a NUL character reached the database');
      return send(reply, errorBody(400, 'BAD_REQUEST', 'The request contains a character that cannot be stored (U+0000).'));
    }
    // 57014: PostgreSQL cancelled the statement (DB_STATEMENT_TIMEOUT_MS, or an operator's pg_cancel_backend).
    if (pgErrorOf(err)?.code === '57014') {
      request.log.warn({ err }, 'statement cancelled (statement_timeout)');
      return send(reply, errorBody(statusOf('QUERY_TIMEOUT'), 'QUERY_TIMEOUT', 'The request took too long. Please try again.'));
    }
    request.log.error({ err }, 'unhandled error');
    return send(reply, errorBody(500, 'INTERNAL_ERROR', 'Something went wrong on our side.'));
  });

  const indexPath = opts.webDist ? path.join(opts.webDist, 'index.html') : undefined;
  const indexHtml = indexPath && existsSync(indexPath) ? readFileSync(indexPath) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const pathname = request.url.split('?')[0] ?? '/';
    const isApi = pathname === '/api' || pathname.startsWith('/api/');
    const looksLikeFile = /\.[a-z0-9]{1,8}$/i.test(pathname);
    if (!isApi && !looksLikeFile && indexHtml && (request.method === 'GET' || request.method === 'HEAD')) {
      // The client router decides what the path shows; a prepared storefront route arrives rendered.
      if (opts.sendPage && (await opts.sendPage(request, reply))) return reply;
      return reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
    }
    // The path exists with other methods: 405 with Allow (RFC 9110 §15.5.6), not 404.
    const allowed = ROUTE_METHODS.filter((method) => method !== request.method && app.findRoute({ method, url: pathname }));
    if (allowed.length) {
      reply.header('allow', allowed.join(', '));
      return send(
        reply,
        errorBody(405, 'METHOD_NOT_ALLOWED', `${request.method} is not allowed on ${pathname}. Allowed: ${allowed.join(', ')}.`),
      );
    }
    return send(reply, errorBody(404, 'ROUTE_NOT_FOUND', `No route for ${request.method} ${pathname}.`));
  });
});
