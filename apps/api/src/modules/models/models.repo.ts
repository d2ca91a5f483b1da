import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema/index';

export function createModelsRepo(db: Db) {
  return {
    /** The category's name decides the form when the piece's own name does not ('Earrings' → studs). */
    async categoryName(id: string): Promise<string | null> {
      const [row] = await db.select({ name: categories.name }).from(categories).where(eq(categories.id, id)).limit(1);
      return row?.name ?? null;
    },
  };
}
