import { asc, count, eq, sql } from 'drizzle-orm';
import type { VendorType } from '@mirror/contract';
import type { Db } from '../../db/client';
import { orderLines, products, vendors, type NewVendorRow, type VendorRow } from '../../db/schema/index';
import { createPartyRepo, type PartyFilter } from '../parties/parties.repo';

export type { PartyViewer as VendorViewer } from '../parties/parties.repo';

export interface VendorFilter extends PartyFilter {
  type?: VendorType | undefined;
}

export function createVendorsRepo(db: Db) {
  return createPartyRepo<
    VendorRow,
    NewVendorRow,
    VendorFilter,
    { countries: { value: string; count: number }[]; types: { value: string; count: number }[] }
  >(db, {
    table: vendors,
    name: vendors.name,
    searchable: [vendors.code, vendors.name, vendors.country, vendors.description, sql`${vendors.type}::text`],
    filters: (filter) => [filter.type ? eq(vendors.type, filter.type) : undefined],
    /** Countries and types in use, with counts. */
    async facets(db, where) {
      const [countries, types] = await Promise.all([
        db
          .select({ value: vendors.country, count: count() })
          .from(vendors)
          .where(where)
          .groupBy(vendors.country)
          .orderBy(asc(vendors.country)),
        db
          .select({ value: sql<string>`${vendors.type}::text`, count: count() })
          .from(vendors)
          .where(where)
          .groupBy(vendors.type)
          .orderBy(asc(vendors.type)),
      ]);
      return { countries, types };
    },
    productOwner: products.vendorId,
    // Sales come from the vendor captured on each order line.
    salesOwner: { via: 'line', column: orderLines.vendorId },
  });
}

export type VendorsRepo = ReturnType<typeof createVendorsRepo>;
