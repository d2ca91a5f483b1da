import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { designers, orderLines, orders, products, users, type DesignerRow, type NewDesignerRow } from '../../db/schema/index';
import { escapeLike } from '../../db/sql-helpers';

/** Who is reading: ADMIN sees every record; others see active ones plus their own. */
export interface DesignerViewer {
  isAdmin: boolean;
  userId: string | null;
}

export interface DesignerFilter {
  specialty?: string | undefined;
  country?: string | undefined;
  verified?: boolean | undefined;
  featured?: boolean | undefined;
  /** Only honoured for ADMIN (the service drops it otherwise). */
  active?: boolean | undefined;
  includeDeleted?: boolean | undefined;
  search?: string | undefined;
}

export interface DesignerSort {
  field: 'code' | 'name' | 'createdAt';
  direction: 'asc' | 'desc';
}

const SORT_COLUMNS = { code: sql`lower(${designers.code})`, name: designers.displayName, createdAt: designers.createdAt } as const;

function visibility(viewer: DesignerViewer, includeDeleted = false): SQL | undefined {
  if (viewer.isAdmin) return includeDeleted ? undefined : isNull(designers.deletedAt);
  const visible = viewer.userId ? or(eq(designers.isActive, true), eq(designers.userId, viewer.userId)) : eq(designers.isActive, true);
  return and(isNull(designers.deletedAt), visible);
}

function whereOf(viewer: DesignerViewer, filter: DesignerFilter): SQL | undefined {
  const c: (SQL | undefined)[] = [visibility(viewer, !!filter.includeDeleted && viewer.isAdmin)];
  if (filter.specialty) c.push(sql`lower(${designers.specialty}) = lower(${filter.specialty})`);
  if (filter.country) c.push(eq(designers.country, filter.country));
  if (filter.verified !== undefined) c.push(eq(designers.isVerified, filter.verified));
  if (filter.featured !== undefined) c.push(eq(designers.isFeatured, filter.featured));
  if (filter.active !== undefined && viewer.isAdmin) c.push(eq(designers.isActive, filter.active));
  if (filter.search) {
    const pattern = `%${escapeLike(filter.search)}%`;
    c.push(
      or(
        ilike(designers.code, pattern),
        ilike(designers.displayName, pattern),
        ilike(designers.specialty, pattern),
        ilike(designers.bio, pattern),
        ilike(designers.country, pattern),
      ),
    );
  }
  return and(...c);
}

export function createDesignersRepo(db: Db) {
  return {
    async findById(id: string, viewer: DesignerViewer): Promise<DesignerRow | null> {
      // ADMIN may open a soft-deleted record by id (it shows deletedAt).
      const [row] = await db.select().from(designers).where(and(eq(designers.id, id), visibility(viewer, viewer.isAdmin))).limit(1);
      return row ?? null;
    },

    async findByCode(code: string, viewer: DesignerViewer, includeDeleted = false): Promise<DesignerRow | null> {
      const [row] = await db
        .select()
        .from(designers)
        .where(and(sql`lower(${designers.code}) = lower(${code})`, visibility(viewer, includeDeleted)))
        .limit(1);
      return row ?? null;
    },

    async findByOwner(userId: string): Promise<DesignerRow | null> {
      const [row] = await db
        .select()
        .from(designers)
        .where(and(eq(designers.userId, userId), isNull(designers.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async list(viewer: DesignerViewer, filter: DesignerFilter, sort: DesignerSort, page: { offset: number; size: number }) {
      const where = whereOf(viewer, filter);
      const column = SORT_COLUMNS[sort.field];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(designers)
          .where(where)
          .orderBy(sort.direction === 'desc' ? desc(column) : asc(column), asc(designers.id))
          .limit(page.size)
          .offset(page.offset),
        db.select({ value: count() }).from(designers).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** Specialties (grouped regardless of case, shown in one of their spellings) and countries, with counts. */
    async facets(viewer: DesignerViewer) {
      const where = visibility(viewer);
      const [specialties, countries] = await Promise.all([
        db
          .select({ value: sql<string>`min(${designers.specialty})`, count: count() })
          .from(designers)
          .where(where)
          .groupBy(sql`lower(${designers.specialty})`)
          .orderBy(sql`lower(${designers.specialty})`),
        db
          .select({ value: sql<string>`${designers.country}`, count: count() })
          .from(designers)
          .where(and(where, sql`${designers.country} is not null`))
          .groupBy(designers.country)
          .orderBy(asc(designers.country)),
      ]);
      return { specialties, countries };
    },

    async count(viewer: DesignerViewer): Promise<number> {
      const [row] = await db.select({ value: count() }).from(designers).where(visibility(viewer));
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

    async insert(values: NewDesignerRow): Promise<DesignerRow> {
      const [row] = await db.insert(designers).values(values).returning();
      return row!;
    },

    async update(id: string, patch: Partial<NewDesignerRow>): Promise<DesignerRow | null> {
      const [row] = await db
        .update(designers)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(designers.id, id), isNull(designers.deletedAt)))
        .returning();
      return row ?? null;
    },

    /**
     * Dashboard figures in three aggregate queries. Order lines carry no designer, so sales follow
     * the line's product to its current designer.
     */
    async dashboard(designerId: string, recentLimit: number) {
      const sold = and(eq(products.designerId, designerId), ne(orders.status, 'CANCELLED'));
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
          .where(and(eq(products.designerId, designerId), isNull(products.deletedAt))),
        db
          .select({
            currency: orders.currency,
            orders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
            units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number),
            amount: sql<number>`coalesce(sum(${lineAmount}), 0)`.mapWith(Number),
          })
          .from(orderLines)
          .innerJoin(orders, eq(orders.id, orderLines.orderId))
          .innerJoin(products, eq(products.id, orderLines.productId))
          .where(sold)
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
          .innerJoin(products, eq(products.id, orderLines.productId))
          .where(eq(products.designerId, designerId))
          .groupBy(orders.id)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(recentLimit),
      ]);
      return { pieces: pieces!, sales, recent };
    },
  };
}

export type DesignersRepo = ReturnType<typeof createDesignersRepo>;
