import { request as httpRequest } from 'node:http';
import { brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPRESSIBLE } from '../src/app';
import { catalogFactory } from './catalog';
import { buildTestApp, type TestApp } from './helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await t.loginAs('ADMIN');
  const f = catalogFactory(t, admin);
  const vendorId = (await f.vendor()).id;
  const categoryId = (await f.category('Rings')).id;
  for (let i = 0; i < 6; i++) await f.product({ vendorId, categoryId, name: `Comète solitaire ${i}` });
});
afterAll(() => t.close());

interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A request whose answer is read as sent (fetch would inflate it). */
function raw(path: string, headers: Record<string, string> = {}, { method = 'GET', body }: { method?: string; body?: Buffer } = {}) {
  return new Promise<RawAnswer>((resolve, reject) => {
    const req = httpRequest(t.baseUrl + path, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(body);
  });
}

const varyOf = (a: RawAnswer) =>
  String(a.headers.vary ?? '')
    .split(',')
    .map((v) => v.trim().toLowerCase());

describe('compressed answers', () => {
  it('sends a catalogue list in br or gzip as the client asks, the same JSON and the same ETag as unencoded', async () => {
    const path = '/api/products?size=6';
    const plain = await raw(path);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8')) as { content: unknown[] };
    expect(json.content).toHaveLength(6);
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await raw(path, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(varyOf(br)).toContain('accept-encoding');
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
    expect(br.headers.etag).toBe(plain.headers.etag);

    const gz = await raw(path, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(plain.body)).toBe(true);
    expect(Number(gz.headers['content-length'])).toBe(gz.body.length);

    // Revalidation is unchanged by the encoding: the tag is the representation's, before compression.
    const again = await raw(path, { 'accept-encoding': 'br', 'if-none-match': String(br.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it('leaves small answers, errors and clients that take no encoding alone', async () => {
    const small = await raw('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.status).toBe(200);
    expect(small.body.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();

    const missing = await raw('/api/products/00000000-0000-4000-8000-000000000000', { 'accept-encoding': 'br' });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(missing.body.toString('utf8'))).toMatchObject({ status: 404 });

    const identity = await raw('/api/products?size=6', { 'accept-encoding': 'identity' });
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(identity.body.toString('utf8'))).toMatchObject({ size: 6 });
  });

  it('never inflates a request body: a gzip-encoded JSON body is refused with the error shape and signs no one in', async () => {
    const body = gzipSync(Buffer.from(JSON.stringify({ username: 'admin', password: 'x' })));
    const answer = await raw(
      '/api/auth/login',
      { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      { method: 'POST', body },
    );
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(JSON.parse(answer.body.toString('utf8'))).toMatchObject({ status: answer.status });
  });

  it('compresses text, JSON, CSV and SVG, not images, models, archives or event streams', () => {
    for (const type of [
      'application/json; charset=utf-8',
      'application/problem+json',
      'text/csv; charset=utf-8',
      'text/html',
      'image/svg+xml',
    ])
      expect(COMPRESSIBLE.test(type), type).toBe(true);
    for (const type of [
      'image/webp',
      'image/png',
      'model/gltf-binary',
      'model/vnd.usdz+zip',
      'application/zip',
      'application/octet-stream',
      'text/event-stream',
    ])
      expect(COMPRESSIBLE.test(type), type).toBe(false);
  });
});
