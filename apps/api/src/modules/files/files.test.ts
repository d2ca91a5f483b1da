import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, expectErrorShape, type TestApp } from '../../../test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

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
    for (const p of ['mirror-storage/public/missing.png', 'mirror-storage/../../etc/passwd', 'mirror-storage/%2e%2e/secret', '..%2F..%2Fjwt-secret']) {
      const res = await t.request<any>(`/api/files/${p}`);
      expect(res.status, p).toBe(404);
      expectErrorShape(res.body, 404);
    }
  });
});
