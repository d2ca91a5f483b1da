import { designers, vendors, type DesignerRow, type NewDesignerRow, type NewVendorRow, type VendorRow } from '../schema/index';
import type { Db } from '../client';

/** Vendors and designers have no API yet (a later issue); the seed and tests create them here. */
export async function insertVendor(db: Db, values: NewVendorRow): Promise<VendorRow> {
  const [row] = await db.insert(vendors).values(values).returning();
  return row!;
}

export async function insertDesigner(db: Db, values: NewDesignerRow): Promise<DesignerRow> {
  const [row] = await db.insert(designers).values(values).returning();
  return row!;
}
