import { randomUUID } from 'node:crypto';
import type { Category, Product } from '@mirror/contract';
import type { TestApp, Session } from './helpers';
import { insertDesigner, insertVendor } from '../src/db/seed/parties';

/** Catalog factories: a vendor (optionally owned by a user), a designer, a category, and products through the API. */
export function catalogFactory(t: TestApp, admin: Pick<Session, 'accessToken'>) {
  let n = 0;
  const next = () => `${++n}${randomUUID().slice(0, 6)}`;
  // Written beside the API, so the API is told, as its services tell it, that the account now acts for a house.
  const linked = async <R>(userId: string | null, inserted: Promise<R>): Promise<R> => {
    const row = await inserted;
    t.app.authStateChanged([userId]);
    return row;
  };
  return {
    vendor: (userId: string | null = null) =>
      linked(
        userId,
        insertVendor(t.database.db, {
          code: `V-${next()}`,
          name: `Atelier ${next()}`,
          userId,
          country: 'IT',
          type: 'ATELIER',
          isActive: true,
        }),
      ),
    designer: (userId: string | null = null) =>
      linked(
        userId,
        insertDesigner(t.database.db, { code: `D-${next()}`, displayName: `Designer ${next()}`, userId, specialty: 'High jewelry' }),
      ),
    async category(name = `Category ${next()}`) {
      const res = await t.request<Category>('/api/categories', { token: admin.accessToken, body: { name } });
      if (res.status !== 201) throw new Error(`category: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
    async product(body: Record<string, unknown>, token = admin.accessToken) {
      const res = await t.request<Product>('/api/products', {
        token,
        body: { name: `Piece ${next()}`, sku: `SKU-${next()}`, metalType: 'WHITE_GOLD', price: 150000, status: 'ACTIVE', ...body },
      });
      if (res.status !== 201) throw new Error(`product: ${res.status} ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}
