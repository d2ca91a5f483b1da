import { randomUUID } from 'node:crypto';
import type { Category, Product } from '@mirror/contract';
import type { TestApp, Session } from './helpers';
import { insertDesigner, insertVendor } from '../src/db/seed/parties';

/** Catalog factories: a vendor (optionally owned by a user), a designer, a category, and products through the API. */
export function catalogFactory(t: TestApp, admin: Pick<Session, 'accessToken'>) {
  let n = 0;
  const next = () => `${++n}${randomUUID().slice(0, 6)}`;
  return {
    // Written beside the API, so they tell it, as its services do, that the account now acts for a house.
    async vendor(userId: string | null = null) {
      const row = await insertVendor(t.database.db, {
        code: `V-${next()}`,
        name: `Atelier ${next()}`,
        userId,
        country: 'IT',
        type: 'ATELIER',
        isActive: true,
      });
      t.app.authStateChanged([userId]);
      return row;
    },
    async designer(userId: string | null = null) {
      const row = await insertDesigner(t.database.db, {
        code: `D-${next()}`,
        displayName: `Designer ${next()}`,
        userId,
        specialty: 'High jewelry',
      });
      t.app.authStateChanged([userId]);
      return row;
    },
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
