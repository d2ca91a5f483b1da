import { and, asc, count, desc, eq, ilike, isNull, ne, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgSelect, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';
import { orderLines, orders, products, users } from '../../db/schema/index';
import { escapeLike } from '../../db/sql-helpers';

// The one repository of designers and vendors ("parties"). Each party's own repo declares its
// table, the columns that differ (name, search, filters, facets) and where its sales come from.

/** Who is reading: ADMIN sees every record; others see active ones plus their own. */
export interface PartyViewer {
  isAdmin: boolean;
  userId: string | null;
}

/** The filters every party has; a party adds its own (specialty, type…). */
export interface PartyFilter {
  country?: string | undefined;
  verified?: boolean | undefined;
  featured?: boolean | undefined;
  /** Only honoured for ADMIN (the service drops it otherwise). */
  active?: boolean | undefined;
  includeDeleted?: boolean | undefined;
  search?: string | undefined;
}

/** What the service itself writes: the active flag, and a soft delete releasing the owner. */
export interface PartyStatePatch {
  isActive?: boolean;
  deletedAt?: Date;
  userId?: null;
}

export interface PartySort {
  field: 'code' | 'name' | 'createdAt';
  direction: 'asc' | 'desc';
}

/** The columns every party table has. */
export interface PartyColumns {
  id: Column;
  code: Column;
  userId: Column;
  country: Column;
  isActive: Column;
  isVerified: Column;
  isFeatured: Column;
  createdAt: Column;
  deletedAt: Column;
}

export interface PartyTableSpec<F extends PartyFilter, Facets> {
  table: PgTable & PartyColumns;
  /** The display name the `name` sort orders by. */
  name: Column;
  /** What `search` matches (case-insensitive, anywhere in the text). */
  searchable: (Column | SQL)[];
  /** The party's own filters, beyond country, flags and search. */
  filters: (filter: F) => (SQL | undefined)[];
  /** The back-office filters: values in use with counts, over `where` (what the viewer may see). */
  facets: (db: Db, where: SQL | undefined) => Promise<Facets>;
  /** The product column naming the party (products.designerId / products.vendorId). */
  productOwner: Column;
  /**
   * Whose sales: `line` — the party captured on the order line (vendors); `product` — the line's
   * product's current party (order lines carry no designer).
   */
  salesOwner: { via: 'line'; column: Column } | { via: 'product' };
}

export function createPartyRepo<Row, NewRow, F extends PartyFilter, Facets>(db: Db, spec: PartyTableSpec<F, Facets>) {
  const t = spec.table;
  const sortColumns = { code: sql`lower(${t.code})`, name: spec.name, createdAt: t.createdAt } as const;
  // A generic table selects rows TypeScript cannot name: they are the party's `Row`.
  const asRows = (rows: unknown[]) => rows as Row[];

  function visibility(viewer: PartyViewer, includeDeleted = false): SQL | undefined {
    if (viewer.isAdmin) return includeDeleted ? undefined : isNull(t.deletedAt);
    const visible = viewer.userId ? or(eq(t.isActive, true), eq(t.userId, viewer.userId)) : eq(t.isActive, true);
    return and(isNull(t.deletedAt), visible);
  }

  function whereOf(viewer: PartyViewer, filter: F): SQL | undefined {
    const c: (SQL | undefined)[] = [visibility(viewer, !!filter.includeDeleted && viewer.isAdmin)];
    c.push(...spec.filters(filter));
    if (filter.country) c.push(eq(t.country, filter.country));
    if (filter.verified !== undefined) c.push(eq(t.isVerified, filter.verified));
    if (filter.featured !== undefined) c.push(eq(t.isFeatured, filter.featured));
    if (filter.active !== undefined && viewer.isAdmin) c.push(eq(t.isActive, filter.active));
    if (filter.search) {
      const pattern = `%${escapeLike(filter.search)}%`;
      c.push(or(...spec.searchable.map((column) => ilike(column, pattern))));
    }
    return and(...c);
  }

  return {
    visibility,

    async findById(id: string, viewer: PartyViewer): Promise<Row | null> {
      // ADMIN may open a soft-deleted record by id (it shows deletedAt).
      const [row] = asRows(
        await db
          .select()
          .from(t)
          .where(and(eq(t.id, id), visibility(viewer, viewer.isAdmin)))
          .limit(1),
      );
      return row ?? null;
    },

    async findByCode(code: string, viewer: PartyViewer, includeDeleted = false): Promise<Row | null> {
      const [row] = asRows(
        await db
          .select()
          .from(t)
          .where(and(sql`lower(${t.code}) = lower(${code})`, visibility(viewer, includeDeleted)))
          .limit(1),
      );
      return row ?? null;
    },

    async findByOwner(userId: string): Promise<Row | null> {
      const [row] = asRows(
        await db
          .select()
          .from(t)
          .where(and(eq(t.userId, userId), isNull(t.deletedAt)))
          .limit(1),
      );
      return row ?? null;
    },

    async list(viewer: PartyViewer, filter: F, sort: PartySort, page: { offset: number; size: number }) {
      const where = whereOf(viewer, filter);
      const column = sortColumns[sort.field];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(sort.direction === 'desc' ? desc(column) : asc(column), asc(t.id))
          .limit(page.size)
          .offset(page.offset),
        db.select({ value: count() }).from(t).where(where),
      ]);
      return { rows: asRows(rows), total: total?.value ?? 0 };
    },

    async facets(viewer: PartyViewer): Promise<Facets> {
      return spec.facets(db, visibility(viewer));
    },

    async count(viewer: PartyViewer): Promise<number> {
      const [row] = await db.select({ value: count() }).from(t).where(visibility(viewer));
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

    async insert(values: NewRow): Promise<Row> {
      const [row] = asRows(
        await db
          .insert(t)
          .values(values as never)
          .returning(),
      );
      return row!;
    },

    async update(id: string, patch: Partial<NewRow> | PartyStatePatch): Promise<Row | null> {
      const [row] = asRows(
        await db
          .update(t)
          .set({ ...patch, updatedAt: new Date() })
          .where(and(eq(t.id, id), isNull(t.deletedAt)))
          .returning(),
      );
      return row ?? null;
    },

    /** Dashboard figures in three aggregate queries. */
    async dashboard(partyId: string, recentLimit: number) {
      const lineAmount = sql`${orderLines.unitPrice} * ${orderLines.quantity}`;
      // Order lines that are the party's: on the line itself, or through the line's product.
      const owner = spec.salesOwner.via === 'line' ? eq(spec.salesOwner.column, partyId) : eq(spec.productOwner, partyId);
      const viaProduct = spec.salesOwner.via === 'product';
      const lines = <Q extends PgSelect>(q: Q) => (viaProduct ? q.innerJoin(products, eq(products.id, orderLines.productId)) : q);
      const [[pieces], sales, recent] = await Promise.all([
        db
          .select({
            pieces: count(),
            live: sql<number>`count(*) filter (where ${products.status} = 'ACTIVE')`.mapWith(Number),
            featured: sql<number>`count(*) filter (where ${products.isFeatured})`.mapWith(Number),
            stock: sql<number>`coalesce(sum(${products.stockQuantity}), 0)`.mapWith(Number),
          })
          .from(products)
          .where(and(eq(spec.productOwner, partyId), isNull(products.deletedAt))),
        lines(
          db
            .select({
              currency: orders.currency,
              orders: sql<number>`count(distinct ${orders.id})`.mapWith(Number),
              units: sql<number>`coalesce(sum(${orderLines.quantity}), 0)`.mapWith(Number),
              amount: sql<number>`coalesce(sum(${lineAmount}), 0)`.mapWith(Number),
            })
            .from(orderLines)
            .innerJoin(orders, eq(orders.id, orderLines.orderId))
            .$dynamic(),
        )
          .where(and(owner, ne(orders.status, 'CANCELLED')))
          .groupBy(orders.currency)
          .orderBy(asc(orders.currency)),
        lines(
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
            .$dynamic(),
        )
          .where(owner)
          .groupBy(orders.id)
          .orderBy(desc(orders.createdAt), desc(orders.id))
          .limit(recentLimit),
      ]);
      return { pieces: pieces!, sales, recent };
    },
  };
}

export type PartyRepo<Row, NewRow, F extends PartyFilter, Facets> = ReturnType<typeof createPartyRepo<Row, NewRow, F, Facets>>;
