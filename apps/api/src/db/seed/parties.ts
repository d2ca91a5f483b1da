import { designers, vendors, type DesignerRow, type NewDesignerRow, type NewVendorRow, type VendorRow } from '../schema/index';
import type { Db } from '../client';

/** Direct inserts for the seed and test factories (the API is /api/vendors and /api/designers). */
export async function insertVendor(db: Db, values: NewVendorRow): Promise<VendorRow> {
  const [row] = await db.insert(vendors).values(values).returning();
  return row!;
}

export async function insertDesigner(db: Db, values: NewDesignerRow): Promise<DesignerRow> {
  const [row] = await db.insert(designers).values(values).returning();
  return row!;
}
