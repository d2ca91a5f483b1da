import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorResponse, Role, UploadedFile } from '@mirror/contract';
import { buildTestApp, expectErrorShape, type TestApp } from '../../../test/helpers';
import { sniffContentType } from './sniff';
import { declaredPng } from '../../../test/png';
import { createFilesService } from './files.service';
import { createImageQueue, type ImageQueueEvent } from './image-queue';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ UPLOAD_MAX_MB: '0.5', UPLOAD_BUCKETS: 'mirror-storage,mirror-press' });
});
afterAll(() => t.close());
afterEach(() => vi.restoreAllMocks());

// ---------- fixtures: real files, built here ----------
const image = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: { r: 180, g: 150, b: 110 } } });
const png = (w = 1200, h = 800) => image(w, h).png().toBuffer();
const jpeg = (w = 300, h = 200) => image(w, h).jpeg().toBuffer();
const webp = (w = 700, h = 400) => image(w, h).webp().toBuffer();
const avif = (w = 64, h = 64) => image(w, h).avif().toBuffer();
const pdf = () => Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
function glb(): Buffer {
  const json = Buffer.from('{"asset":{"version":"2.0"}}  ', 'utf8'); // padded to 4 bytes
  const header = Buffer.alloc(12);
  header.write('glTF', 0, 'latin1');
  header.writeUInt32LE(2, 4);
  header.writeUInt32LE(12 + 8 + json.length, 8);
  const chunk = Buffer.alloc(8);
  chunk.writeUInt32LE(json.length, 0);
  chunk.write('JSON', 4, 'latin1');
  return Buffer.concat([header, chunk, json]);
}
const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');

interface UploadOptions {
  token?: string;
  fields?: Record<string, string>;
  filename?: string;
  type?: string;
  fieldName?: string;
}

// eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- T names the answer the test expects, as t.request<T> does
async function upload<T = UploadedFile>(
  body: Buffer | null,
  { token, fields = {}, filename = 'piece.bin', type = 'application/octet-stream', fieldName = 'file' }: UploadOptions = {},
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (body) form.append(fieldName, new Blob([new Uint8Array(body)], { type }), filename);
  const res = await fetch(`${t.baseUrl}/api/files/upload`, {
    method: 'POST',
    body: form,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  return { status: res.status, body: (await res.json()) as T };
}

describe('POST /api/files/upload: who may upload', () => {
  it.each<Role>(['CUSTOMER', 'VENDOR', 'DESIGNER', 'ADMIN'])('lets a signed-in %s upload to any folder', async (role) => {
    const session = await t.loginAs(role);
    const res = await upload(await jpeg(), {
      token: session.accessToken,
      fields: { folderPath: 'products/rings', description: `by ${role}` },
    });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^mirror-storage\/products\/rings\/[0-9a-f-]{36}\.jpg$/);
    expect(res.body.description).toBe(`by ${role}`);
  });

  it('refuses anonymous uploads anywhere but the jewelry-week submissions folder', async () => {
    const spy = vi.spyOn(t.storage, 'put');
    for (const folderPath of ['public', 'jewelry-week', 'jewelry-week/submissions/extra', 'products']) {
      const res = await upload(await jpeg(), { fields: { folderPath } });
      expect(res.status, folderPath).toBe(401);
      expectErrorShape(res.body, 401, 'UNAUTHORIZED');
    }
    const byDefault = await upload(await jpeg());
    expect(byDefault.status).toBe(401);
    expect(spy).not.toHaveBeenCalled();
  });

  it('accepts anonymous submissions to jewelry-week/submissions', async () => {
    const res = await upload(await png(), { fields: { folderPath: 'jewelry-week/submissions', description: 'Aurora necklace' } });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^mirror-storage\/jewelry-week\/submissions\/[0-9a-f-]{36}\.png$/);
  });

  it('ignores a stale token and treats the caller as a visitor', async () => {
    const res = await upload(await jpeg(), { token: 'not-a-token', fields: { folderPath: 'public' } });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/files/upload: the answer and the stored files', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (await t.loginAs('ADMIN')).accessToken;
  });

  it('stores an image under a generated name with WebP renditions and serves all of them', async () => {
    const original = await png(1200, 800);
    const res = await upload(original, {
      token: admin,
      filename: '../../etc/passwd.png',
      type: 'image/png',
      fields: { description: '  Solitaire, side view  ' },
    });
    expect(res.status).toBe(201);
    const { key, url, size, contentType, description, derivatives } = res.body;
    expect(key).toMatch(/^mirror-storage\/public\/[0-9a-f-]{36}\.png$/);
    expect(key).not.toContain('passwd');
    expect(url).toBe(`/api/files/${key}`);
    expect(size).toBe(original.length);
    expect(contentType).toBe('image/png');
    expect(description).toBe('Solitaire, side view');
    // 1600 is wider than the original: no upscaling.
    expect(derivatives.map((d) => d.width)).toEqual([480, 960]);

    const file = await fetch(t.baseUrl + url);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(original)).toBe(true);
    for (const d of derivatives) {
      const r = await fetch(t.baseUrl + d.url);
      expect(r.headers.get('content-type')).toBe('image/webp');
      const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.width).toBe(d.width);
    }
  });

  it('makes one rendition at the original width for small images', async () => {
    const res = await upload(await jpeg(300, 200), { token: admin });
    expect(res.status).toBe(201);
    expect(res.body.derivatives.map((d) => d.width)).toEqual([300]);
  });

  it.each([
    ['WebP', webp, 'image/webp', 'webp', 1],
    ['AVIF', avif, 'image/avif', 'avif', 1],
    ['PDF', () => Promise.resolve(pdf()), 'application/pdf', 'pdf', 0],
    ['GLB', () => Promise.resolve(glb()), 'model/gltf-binary', 'glb', 0],
  ] as const)('accepts %s, decided by content whatever the name says', async (_label, make, type, ext, renditions) => {
    const res = await upload(await make(), { token: admin, filename: 'upload.exe', type: 'text/plain' });
    expect(res.status).toBe(201);
    expect(res.body.contentType).toBe(type);
    expect(res.body.key.endsWith(`.${ext}`)).toBe(true);
    expect(res.body.derivatives).toHaveLength(renditions);
  });

  it('uses an allow-listed bucket when asked and defaults to mirror-storage/public', async () => {
    const res = await upload(pdf(), { token: admin, fields: { bucketName: 'mirror-press', folderPath: 'kits/2025/' } });
    expect(res.status).toBe(201);
    expect(res.body.key).toMatch(/^mirror-press\/kits\/2025\/[0-9a-f-]{36}\.pdf$/);
    const empty = await upload(pdf(), { token: admin, fields: { bucketName: '', folderPath: '' } });
    expect(empty.body.key).toMatch(/^mirror-storage\/public\//);
  });
});

describe('POST /api/files/upload: refusals', () => {
  let admin: string;
  beforeAll(async () => {
    admin = (await t.loginAs('ADMIN')).accessToken;
  });

  it('answers 415 for SVG, HTML, text and images in other formats, storing nothing', async () => {
    const spy = vi.spyOn(t.storage, 'put');
    const gif = Buffer.from('474946383961010001000000002c00000000010001000002', 'hex');
    const cases: [string, Buffer, string][] = [
      ['svg as image/png', svg, 'image/png'],
      ['svg', svg, 'image/svg+xml'],
      ['html', Buffer.from('<!doctype html><script>alert(1)</script>'), 'image/jpeg'],
      ['gif', gif, 'image/gif'],
      ['text', Buffer.from('hello jewellery'), 'application/pdf'],
      ['zip', Buffer.from('504b0304140000000800', 'hex'), 'model/gltf-binary'],
    ];
    for (const [label, body, type] of cases) {
      const res = await upload(body, { token: admin, type, filename: 'x.png' });
      expect(res.status, label).toBe(415);
      expectErrorShape(res.body, 415, 'UNSUPPORTED_FILE_TYPE');
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('answers 415 for a file that has image magic bytes but is not a readable image', async () => {
    const fake = Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(200, 7)]);
    const res = await upload(fake, { token: admin });
    expect(res.status).toBe(415);
    expectErrorShape(res.body, 415, 'UNSUPPORTED_FILE_TYPE');
  });

  it('answers 413 above UPLOAD_MAX_MB and stores nothing', async () => {
    const spy = vi.spyOn(t.storage, 'put');
    const big = Buffer.concat([pdf(), Buffer.alloc(600 * 1024, 1)]);
    const res = await upload(big, { token: admin });
    expect(res.status).toBe(413);
    expectErrorShape(res.body, 413, 'PAYLOAD_TOO_LARGE');
    expect(res.body.message).toContain('0.5 MB');
    expect(spy).not.toHaveBeenCalled();
    // Just under the limit is fine.
    const ok = await upload(Buffer.concat([pdf(), Buffer.alloc(500 * 1024, 1)]), { token: admin });
    expect(ok.status).toBe(201);
  });

  it.each([
    ['../secret', 'folderPath'],
    ['public/../../jwt', 'folderPath'],
    ['/etc', 'folderPath'],
    ['C:/Windows', 'folderPath'],
    ['a\\..\\b', 'folderPath'],
    ['public/./x', 'folderPath'],
    ['with space', 'folderPath'],
    ['a/b/c/d/e/f', 'folderPath'],
    ['.hidden', 'folderPath'],
  ])('answers 400 for folderPath %j', async (folderPath, path) => {
    const spy = vi.spyOn(t.storage, 'put');
    const res = await upload(pdf(), { token: admin, fields: { folderPath } });
    expect(res.status).toBe(400);
    expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
    expect(res.body.details![0]!.path).toBe(path);
    expect(spy).not.toHaveBeenCalled();
  });

  it.each(['other-bucket', '../mirror-storage', 'Mirror-Storage', 'mirror-storage/public'])(
    'answers 400 for bucketName %j',
    async (bucketName) => {
      const res = await upload(pdf(), { token: admin, fields: { bucketName } });
      expect(res.status).toBe(400);
      expectErrorShape(res.body, 400, 'VALIDATION_FAILED');
      expect(res.body.details![0]!.path).toBe('bucketName');
    },
  );

  it('answers 400 without a file, with an empty file, with the file under another name, and with a long description', async () => {
    expect((await upload(null, { token: admin, fields: { description: 'nothing' } })).status).toBe(400);
    expect((await upload(Buffer.alloc(0), { token: admin })).status).toBe(400);
    const misnamed = await upload<ErrorResponse>(pdf(), { token: admin, fieldName: 'document' });
    expect(misnamed.status).toBe(400);
    expect(misnamed.body.details![0]!.path).toBe('document');
    const long = await upload<ErrorResponse>(pdf(), { token: admin, fields: { description: 'x'.repeat(501) } });
    expect(long.status).toBe(400);
    expect(long.body.details![0]!.path).toBe('description');
  });

  it('answers 4xx, never 500, for bodies that are not a proper multipart form', async () => {
    const json = await t.request<ErrorResponse>('/api/files/upload', { token: admin, body: { file: 'aGVsbG8=' } });
    expect(json.status).toBe(415);
    expectErrorShape(json.body, 415, 'UNSUPPORTED_MEDIA_TYPE');
    const broken = await t.request<ErrorResponse>('/api/files/upload', {
      method: 'POST',
      token: admin,
      rawBody: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nunterminated',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    });
    expect(broken.status).toBe(400);
    expectErrorShape(broken.body, 400);
    const noBoundary = await t.request<UploadedFile>('/api/files/upload', {
      method: 'POST',
      token: admin,
      rawBody: 'abc',
      headers: { 'content-type': 'multipart/form-data' },
    });
    expect(noBoundary.status).toBeGreaterThanOrEqual(400);
    expect(noBoundary.status).toBeLessThan(500);
    const twoFiles = new FormData();
    twoFiles.append('file', new Blob([new Uint8Array(pdf())]), 'a.pdf');
    twoFiles.append('file', new Blob([new Uint8Array(pdf())]), 'b.pdf');
    const two = await fetch(`${t.baseUrl}/api/files/upload`, {
      method: 'POST',
      body: twoFiles,
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(two.status).toBe(400);
  });
});

// ---------- hostile images (issue 14): built byte by byte ----------
/** A grayscale PNG declaring `width` × `height`; `rows` real rows of zeros follow (0: a few bytes only). */
function hostilePng(width: number, height: number, rows = 0): Buffer {
  return declaredPng(width, height, { rows });
}

describe('POST /api/files/upload: hostile images are refused before they are decoded', () => {
  const jw = { folderPath: 'jewelry-week/submissions' };

  it('answers 413 with the JSON error shape for a tiny PNG declaring 100,000 × 100,000 pixels, storing nothing', async () => {
    const spy = vi.spyOn(t.storage, 'put');
    const bomb = hostilePng(100_000, 100_000);
    expect(bomb.length).toBeLessThan(200);
    for (const token of [undefined, (await t.loginAs('ADMIN')).accessToken]) {
      const res = await upload(bomb, { token, fields: jw, filename: 'bomb.png', type: 'image/png' });
      expect(res.status).toBe(413);
      expectErrorShape(res.body, 413, 'PAYLOAD_TOO_LARGE');
      expect(res.body.details).toEqual([{ path: 'file', message: expect.stringMatching(/^At most (24|40) megapixels$/) }]);
    }
    expect(spy).not.toHaveBeenCalled();
  });

  it('bounds a real decompression bomb (6,000 × 6,000 of zeros, ~35 KB): 413 for visitors above 24 MP, processed for signed-in users under 40 MP', async () => {
    const bomb = hostilePng(6_000, 6_000, 6_000);
    expect(bomb.length).toBeLessThan(100_000);
    const anonymous = await upload(bomb, { fields: jw, filename: 'bomb.png', type: 'image/png' });
    expect(anonymous.status).toBe(413);
    expectErrorShape(anonymous.body, 413, 'PAYLOAD_TOO_LARGE');
    expect(anonymous.body.message).toBe('This image is 6000 × 6000 pixels (36 megapixels); the limit is 24 megapixels.');
    const staff = await upload(bomb, {
      token: (await t.loginAs('VENDOR')).accessToken,
      fields: { folderPath: 'products' },
      filename: 'big.png',
      type: 'image/png',
    });
    expect(staff.status).toBe(201);
    expect(staff.body.derivatives.map((d) => d.width)).toEqual([480, 960, 1600]);
    const over = await upload(hostilePng(7_000, 6_000), {
      token: (await t.loginAs('VENDOR')).accessToken,
      fields: { folderPath: 'products' },
      filename: 'big.png',
      type: 'image/png',
    });
    expect(over.status).toBe(413);
  });

  it('answers 415, not 500, for a header that promises rows the file does not have', async () => {
    const res = await upload(hostilePng(2_000, 2_000, 10), { fields: jw, filename: 'short.png', type: 'image/png' });
    expect(res.status).toBe(415);
    expectErrorShape(res.body, 415, 'UNSUPPORTED_FILE_TYPE');
  });
});

describe('image processing queue', () => {
  it('runs concurrent uploads one at a time, in arrival order', async () => {
    const events: ImageQueueEvent[] = [];
    const files = createFilesService({
      storage: t.storage,
      allowedBuckets: ['mirror-storage'],
      imageQueue: createImageQueue({ onEvent: (e) => events.push(e) }),
    });
    const actor = {
      id: '00000000-0000-4000-8000-000000000001',
      username: 'atelier',
      role: 'ADMIN' as const,
      vendorId: null,
      designerId: null,
    };
    const images = await Promise.all([png(1200, 800), jpeg(2000, 1500), webp(1700, 900), png(500, 500), jpeg(3000, 2000)]);
    const results = await Promise.all(images.map((file) => files.upload({ actor, fields: { folderPath: 'queue' }, file })));
    expect(results).toHaveLength(5);
    // Every task waited its turn: start, end, start, end… never two starts in a row.
    const runs = events.filter((e) => e.type !== 'queued').map((e) => e.type);
    expect(runs).toEqual(Array.from({ length: 5 }, () => ['start', 'end']).flat());
  });

  it('refuses work beyond the waiting room with 503 and Retry-After, and keeps going', async () => {
    const queue = createImageQueue({ maxWaiting: 1 });
    let release!: () => void;
    const first = queue.run('a', () => new Promise<void>((r) => (release = r)));
    const second = queue.run('b', () => Promise.resolve('b'));
    expect(queue.size()).toEqual({ running: 1, waiting: 1 });
    await expect(queue.run('c', () => Promise.resolve('c'))).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      headers: { 'retry-after': '5' },
    });
    release();
    await first;
    expect(await second).toBe('b');
    expect(await queue.run('d', () => Promise.resolve('d'))).toBe('d');
  });
});

describe('POST /api/files/upload: rate limits', () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await buildTestApp({ UPLOAD_ANON_RATE_LIMIT_MAX: '2' });
  });
  afterAll(() => limited.close());

  it('limits anonymous uploads per IP, and does not count signed-in uploads against visitors', async () => {
    const send = async (token?: string) => {
      const form = new FormData();
      form.append('folderPath', 'jewelry-week/submissions');
      form.append('file', new Blob([new Uint8Array(pdf())]), 'a.pdf');
      return fetch(`${limited.baseUrl}/api/files/upload`, {
        method: 'POST',
        body: form,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    };
    expect((await send()).status).toBe(201);
    expect((await send()).status).toBe(201);
    const third = await send();
    expect(third.status).toBe(429);
    expectErrorShape(await third.json(), 429, 'TOO_MANY_REQUESTS');
    const session = await limited.loginAs('CUSTOMER');
    expect((await send(session.accessToken)).status).toBe(201);
  });
});

describe('content sniffing', () => {
  it('recognises each allowed format by its bytes and nothing else', async () => {
    expect(sniffContentType(await jpeg())).toBe('image/jpeg');
    expect(sniffContentType(await png())).toBe('image/png');
    expect(sniffContentType(await webp())).toBe('image/webp');
    expect(sniffContentType(await avif())).toBe('image/avif');
    expect(sniffContentType(pdf())).toBe('application/pdf');
    expect(sniffContentType(glb())).toBe('model/gltf-binary');
    expect(sniffContentType(svg)).toBeNull();
    // A GLB header whose declared length disagrees with the file is not a GLB.
    expect(sniffContentType(Buffer.concat([glb(), Buffer.alloc(4)]))).toBeNull();
    // HEIC shares AVIF's container but not its brand.
    const heic = Buffer.from('0000001866747970686569630000000068656963', 'hex');
    expect(sniffContentType(Buffer.concat([heic, Buffer.alloc(8)]))).toBeNull();
    expect(sniffContentType(Buffer.alloc(0))).toBeNull();
  });
});
describe('GET /api/files/*', () => {
  it('serves a stored file with safe, long-lived headers', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    await t.storage.put('mirror-storage/public/abc123.png', png, 'image/png');
    const res = await fetch(`${t.baseUrl}/api/files/mirror-storage/public/abc123.png`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('cache-control')).toContain('immutable');
    expect(res.headers.get('content-disposition')).toBe('inline; filename="abc123.png"');
    expect(Buffer.from(await res.arrayBuffer()).equals(png)).toBe(true);
  });

  it('offers anything that is not an image, PDF or model as a download', async () => {
    await t.storage.put('mirror-storage/public/notes.bin', Buffer.from('hello'), 'application/octet-stream');
    const res = await fetch(`${t.baseUrl}/api/files/mirror-storage/public/notes.bin`);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment;/);
  });

  it('answers 404 for missing files and traversal attempts', async () => {
    for (const p of [
      'mirror-storage/public/missing.png',
      'mirror-storage/../../etc/passwd',
      'mirror-storage/%2e%2e/secret',
      '..%2F..%2Fjwt-secret',
    ]) {
      const res = await t.request<ErrorResponse>(`/api/files/${p}`);
      expect(res.status, p).toBe(404);
      expectErrorShape(res.body, 404);
    }
  });
});
