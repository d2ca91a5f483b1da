import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { VendorType } from '@mirror/contract';
import type { Db } from '../../db/client';
import { vendors, orderLines, orders, products, users, type VendorRow, type NewVendorRow } from '../../db/schema/index';
import { escapeLike } from '../../db/sql-helpers';

/** Who is reading: ADMIN sees every record; others see active ones plus their own. */
export interface VendorViewer {
  isAdmin: boolean;
  userId: string | null;
}

export interface VendorFilter {
  country?: string | undefined;
  type?: VendorType | undefined;
  verified?: boolean | undefined;
  featured?: boolean | undefined;
  /** Only honoured for ADMIN (the service drops it otherwise). */
  active?: boolean | undefined;
  includeDeleted?: boolean | undefined;
  search?: string | undefined;
}

export interface VendorSort {
  field: 'code' | 'name' | 'createdAt';
  direction: 'asc' | 'desc';
}

const SORT_COLUMNS = { code: sql`lower(${vendors.code})`, name: vendors.name, createdAt: vendors.createdAt } as const;

function visibility(viewer: VendorViewer, includeDeleted = false): SQL | undefined {
  if (viewer.isAdmin) return includeDeleted ? undefined : isNull(vendors.deletedAt);
  const visible = viewer.userId ? or(eq(vendors.isActive, true), eq(vendors.userId, viewer.userId)) : eq(vendors.isActive, true);
  return and(isNull(vendors.deletedAt), visible);
}

function whereOf(viewer: VendorViewer, filter: VendorFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [visibility(viewer, !!filter.includeDeleted && viewer.isAdmin)];
  if (filter.country) c.push(eq(vendors.country, filter.country));
  if (filter.type) c.push(eq(vendors.type, filter.type));
  if (filter.verified !== undefined) c.push(eq(vendors.isVerified, filter.verified));
  if (filter.featured !== undefined) c.push(eq(vendors.isFeatured, filter.featured));
  if (filter.active !== undefined && viewer.isAdmin) c.push(eq(vendors.isActive, filter.active));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    c.push(
      or(
        ilike(vendors.code, pattern),
        ilike(vendors.name, pattern),
        ilike(vendors.country, pattern),
        ilike(vendors.description, pattern),
        ilike(sql`${vendors.type}::text`, pattern),
      ),
    );
  }
  return and(...c);
}

export function createVendorsRepo(db: Db) {
  return {
    async findById(id: string, viewer: VendorViewer): Promise<VendorRow | null> {
      // ADMIN may open a soft-deleted record by id (it shows deletedAt).
      const [row] = await db.select().from(vendors).where(and(eq(vendors.id, id), visibility(viewer, viewer.isAdmin))).limit(1);
      return row ?? null;
    },

    async findByCode(code: string, viewer: VendorViewer, includeDeleted = false): Promise<VendorRow | null> {
      const [row] = await db
        .select()
        .from(vendors)
        .where(and(sql`lower(${vendors.code}) = lower(${code})`, visibility(viewer, includeDeleted)))
        .limit(1);
      return row ?? null;
    },

    async findByOwner(userId: string): Promise<VendorRow | null> {
      const [row] = await db
        .select()
        .from(vendors)
        .where(and(eq(vendors.userId, userId), isNull(vendors.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async list(viewer: VendorViewer, filter: VendorFilter, sort: VendorSort, page: { offset: number; size: number }) {
      const where = whereOf(viewer, filter);
      const column = SORT_COLUMNS[sort.field];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(vendors)
          .where(where)
          .orderBy(sort.direction === 'desc' ? desc(column) : asc(column), asc(vendors.id))
          .limit(page.size)
          .offset(page.offset),
        db.select({ value: count() }).from(vendors).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** Countries and types in use, with counts. */
    async facets(viewer: VendorViewer) {
      const where = visibility(viewer);
      const [countries, types] = await Promise.all([
        db.select({ value: vendors.country, count: count() }).from(vendors).where(where).groupBy(vendors.country).orderBy(asc(vendors.country)),
        db
          .select({ value: sql<string>`${vendors.type}::text`, count: count() })
          .from(vendors)
          .where(where)
          .groupBy(vendors.type)
          .orderBy(asc(vendors.type)),
      ]);
      return { countries, types };
    },

    async count(viewer: VendorViewer): Promise<number> {
      const [row] = await db.select({ value: count() }).from(vendors).where(visibility(viewer));
      return row?.value ?? 0;
    },

    /** The role of a live user account, or null when there is none. */
    async roleOfUser(userId: string): Promise<string | null> {
      const [row] = await db
        .select({ role: users.role })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)))
        .limit(1);
      return row?.role ?? null;
    },

    async insert(values: NewVendorRow): Promise<VendorRow> {
      const [row] = await db.insert(vendors).values(values).returning();
      return row!;
    },

    async update(id: string, patch: Partial<NewVendorRow>): Promise<VendorRow | null> {
      const [row] = await db
        .update(vendors)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(vendors.id, id), isNull(vendors.deletedAt)))
        .returning();
      return row ?? null;
    },

    /** Dashboard figures in three aggregate queries; sales come from the vendor captured on each order line. */
    async dashboard(vendorId: string, recentLimit: number) {
      const lineAmount = sql`${orderLines.unitPrice} * ${orderLines.quantity}`;
      const [[pieces], sales, recent] = await Promise.all([
        db
          .select({
            pieces: count(),
            live: sql<number>`count(*) filter (where ${products.status} = 'ACTIVE')`.mapWith(Number),
            featured: sql<number>`count(*) filter (where ${products.isFeatured})`.mapWith(Number),
            stock: sql<number>`coalesce(sum(${products.stockQuantity}), 0)`.mapWith(Number),
          })
          .from(products)
          .where(and(eq(products.vendorId, vendorId), isNull(products.deletedAt))),
        db
          .select({
            currency: orders.currency,
            orders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
            units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number),
            amount: sql<number>`coalesce(sum(${lineAmount}), 0)`.mapWith(Number),
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(and(eq(orderLines.vendorId, vendorId), ne(orders.status, 'CANCELLED')))
          .groupBy(orders.currency)
          .orderBy(asc(orders.currency)),
        db
          .select({
            id: orders.id,
            number: orders.number,
            status: orders.status,
            createdAt: orders.createdAt,
            currency: orders.currency,
            units: sql<number>`sum(${orderLines.quantity})`.mapWith(Number),
            amount: sql<number>`sum(${lineAmount})`.mapWith(Number),
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .where(eq(orderLines.vendorId, vendorId))
          .groupBy(orders.id)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(recentLimit),
      ]);
      return { pieces: pieces!, sales, recent };
    },
  };
}

export type VendorsRepo = ReturnType<typeof createVendorsRepo>;
