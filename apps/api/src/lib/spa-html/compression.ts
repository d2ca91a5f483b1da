/**
 * Sends HTML as br or gzip when the client takes it (quality traded for speed). A page sent again
 * unchanged — the usual case within its few seconds of cached answers and markup — reuses the bytes
 * compressed last time (the project's result cache, keyed by the page's content) instead of
 * compressing ~40 KB once more.
 */
import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createResultCache } from '../result-cache';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export function createHtmlSender({ cacheMs = 60_000 }: { cacheMs?: number } = {}) {
  const compressed = createResultCache(cacheMs, 200);
  return async (request: FastifyRequest, reply: FastifyReply, html: string) => {
    const accepts = request.headers['accept-encoding'] ?? '';
    reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    if (!encoding) return reply.send(html);
    const key = `${encoding}:${createHash('sha1').update(html).digest('base64')}`;
    const body = await compressed.get(key, () => {
      const raw = Buffer.from(html);
      return encoding === 'br' ? brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }) : gzipAsync(raw, { level: 6 });
    });
    return reply.header('content-encoding', encoding).send(body);
  };
}
