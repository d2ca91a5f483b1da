import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogFactory } from '../../../test/catalog';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import type { Product } from '@mirror/contract';

describe('a piece saved without photographs gets its studio render', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ STUDIO_RENDER: 'true' });
  });
  afterAll(async () => {
    await t.close();
  });

  /** The piece's images once the render (after the answer) has stored them: up to 40 s, every 250 ms. */
  async function renderedImages(path: string, token: string): Promise<Product['images']> {
    let images: Product['images'] = [];
    for (let i = 0; i < 160 && images.length === 0; i += 1) {
      await new Promise((r) => setTimeout(r, 250));
      images = (await t.request<Product>(path, { token })).body.images;
    }
    return images;
  }

  it('renders front and detail images after the answer', async () => {
    const admin = await t.loginAs('ADMIN');
    const f = catalogFactory(t, admin);
    const category = await f.category('Bracelets');
    const vendor = await f.vendor();
    const created = await f.product({
      categoryId: category.id,
      vendorId: vendor.id,
      metalType: 'ROSE_GOLD',
      gemstone: { type: 'Ruby', cut: 'Oval', carat: 1.2 },
    });
    expect(created.images).toEqual([]);
    const images = await renderedImages(`/api/products/${created.id}`, admin.accessToken);
    expect(images.map((i) => i.variant)).toEqual(['front', 'detail']);
    const file = await fetch(`${t.baseUrl}${images[0]!.url}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
  }, 60_000);

  it('renders the pieces a small CSV import creates', async () => {
    const admin = await t.loginAs('ADMIN', { username: 'admin-three' });
    const f = catalogFactory(t, admin);
    const category = await f.category('Earrings');
    const vendor = await f.vendor();
    const csv = `sku,name,metalType,categoryId,vendorId,price,status\r\nSTUDIO-CSV-1,Lune Drops,YELLOW_GOLD,${category.id},${vendor.id},90000,ACTIVE\r\n`;
    const res = await fetch(`${t.baseUrl}/api/products/import?mode=apply`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.accessToken}`, 'content-type': 'text/csv' },
      body: csv,
    });
    expect(res.status).toBe(200);
    const images = await renderedImages('/api/products/sku/STUDIO-CSV-1', admin.accessToken);
    expect(images).toHaveLength(2);
  }, 60_000);

  it('keeps the photographs of a piece saved with them', async () => {
    const admin = await t.loginAs('ADMIN', { username: 'admin-two' });
    const f = catalogFactory(t, admin);
    const category = await f.category('Rings');
    const vendor = await f.vendor();
    const images = [
      {
        variant: 'front',
        alt: 'Photograph',
        sources: [{ key: 'mirror-storage/products/uploads/photo-640.webp', width: 640, height: 800 }],
      },
    ];
    const created = await f.product({ categoryId: category.id, vendorId: vendor.id, images });
    await new Promise((r) => setTimeout(r, 1500));
    const read = (await t.request<Product>(`/api/products/${created.id}`, { token: admin.accessToken })).body;
    expect(read.images.map((i: { alt: string }) => i.alt)).toEqual(['Photograph']);
  });
});
