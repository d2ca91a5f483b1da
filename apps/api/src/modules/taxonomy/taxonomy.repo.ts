import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client';

// The one repository of the configurator taxonomy: categories → components → component-optionals.
// Each level's own repo declares its table, its parent (none for categories), the entries it counts
// and who still points at it.

export interface TaxonomyPageQuery {
  page: number;
  size: number;
  sort: { field: 'name' | 'createdAt'; direction: 'asc' | 'desc' };
}

/** The columns every taxonomy table has. */
export interface TaxonomyColumns {
  id: PgColumn;
  name: PgColumn;
  isActive: PgColumn;
  createdAt: PgColumn;
}

export interface TaxonomyTableSpec {
  table: PgTable & TaxonomyColumns;
  /**
   * The column naming the parent (`components.categoryId`) and the parent's table. Names are unique
   * within a parent; without one (categories) they are unique over the table.
   */
  parent?: { column: PgColumn; table: PgTable & TaxonomyColumns };
  /** The level below, counted per entry (a category's components, a component's optionals). */
  children?: { column: PgColumn; table: PgTable & TaxonomyColumns };
  /** What still points at an entry, asked in this order: a delete is refused while anything does. */
  referencedBy?: { table: PgTable & { id: PgColumn }; column: PgColumn }[];
}

export function createTaxonomyRepo<Row, NewRow>(db: Db, spec: TaxonomyTableSpec) {
  const t = spec.table;
  // A generic table selects rows TypeScript cannot name: they are the level's `Row`.
  const asRows = (rows: unknown[]) => rows as Row[];
  const activeOnly = (includeInactive: boolean) => (includeInactive ? undefined : eq(t.isActive, true));
  const sameName = (name: string) => sql`lower(${t.name}) = lower(${name})`;
  const inParent = (parentId: string | undefined) => (parentId && spec.parent ? eq(spec.parent.column, parentId) : undefined);

  return {
    async findById(id: string, includeInactive: boolean): Promise<Row | null> {
      const [row] = asRows(
        await db
          .select()
          .from(t)
          .where(and(eq(t.id, id), activeOnly(includeInactive)))
          .limit(1),
      );
      return row ?? null;
    },

    /** Under a parent level several parents may hold the name: the first by name, then id. */
    async findByName(name: string, includeInactive: boolean, parentId?: string): Promise<Row | null> {
      const query = db
        .select()
        .from(t)
        .where(and(sameName(name), inParent(parentId), activeOnly(includeInactive)))
        .$dynamic();
      const [row] = asRows(await (spec.parent ? query.orderBy(asc(t.name), asc(t.id)) : query).limit(1));
      return row ?? null;
    },

    async list(includeInactive: boolean, query: TaxonomyPageQuery, parentId?: string) {
      const where: SQL | undefined = and(activeOnly(includeInactive), inParent(parentId));
      const column = query.sort.field === 'name' ? t.name : t.createdAt;
      const order = query.sort.direction === 'desc' ? [desc(column), desc(t.id)] : [asc(column), asc(t.id)];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(...order)
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ value: count() }).from(t).where(where),
      ]);
      return { rows: asRows(rows), total: total?.value ?? 0 };
    },

    async count(includeInactive: boolean): Promise<number> {
      const [row] = await db.select({ value: count() }).from(t).where(activeOnly(includeInactive));
      return row?.value ?? 0;
    },

    async parentExists(parentId: string): Promise<boolean> {
      const p = spec.parent!.table;
      const [row] = await db.select({ id: p.id }).from(p).where(eq(p.id, parentId)).limit(1);
      return !!row;
    },

    async parentVisible(parentId: string, includeInactive: boolean): Promise<boolean> {
      const p = spec.parent!.table;
      const [row] = await db
        .select({ id: p.id })
        .from(p)
        .where(and(eq(p.id, parentId), includeInactive ? undefined : eq(p.isActive, true)))
        .limit(1);
      return !!row;
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

    /** A body's patch, or the active flag alone. */
    async update(id: string, patch: Partial<NewRow> | { isActive: boolean }): Promise<Row | null> {
      const [row] = asRows(
        await db
          .update(t)
          .set({ ...patch, updatedAt: new Date() })
          .where(eq(t.id, id))
          .returning(),
      );
      return row ?? null;
    },

    /** Entries of the level below per entry in one grouped query (active ones only unless `includeInactive`). */
    async childCounts(ids: string[], includeInactive: boolean): Promise<Map<string, number>> {
      const c = spec.children;
      if (!c || ids.length === 0) return new Map();
      const rows = await db
        .select({ id: c.column, value: count() })
        .from(c.table)
        .where(and(inArray(c.column, ids), includeInactive ? undefined : eq(c.table.isActive, true)))
        .groupBy(c.column);
      return new Map(rows.map((r) => [r.id as string, r.value]));
    },

    /** True while anything in `referencedBy` still points at it. */
    async isReferenced(id: string): Promise<boolean> {
      for (const ref of spec.referencedBy ?? []) {
        const [row] = await db.select({ id: ref.table.id }).from(ref.table).where(eq(ref.column, id)).limit(1);
        if (row) return true;
      }
      return false;
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(t).where(eq(t.id, id)).returning({ id: t.id });
      return rows.length > 0;
    },
  };
}

export type TaxonomyRepo<Row, NewRow> = ReturnType<typeof createTaxonomyRepo<Row, NewRow>>;
