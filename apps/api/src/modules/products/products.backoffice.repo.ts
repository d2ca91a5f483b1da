/**
 * The back-office's queries: the SKU check, bulk actions (rows locked, one statement for them all), the CSV export
 * in keyset batches, and the CSV import (look-ups by SKU, id or name; multi-row inserts and updates).
 */
import { and, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { categories, designers, products, vendors, type NewProductRow, type ProductRow } from '../../db/schema/index';
import { rowsOf } from '../../db/sql-helpers';
import {
  chunks,
  productColumns,
  SORT_COLUMNS,
  type ProductFilter,
  type ProductReadRow,
  type ProductSort,
  type ProductViewer,
  type ProductWhere,
} from './products.statements.repo';

export function createProductBackOfficeRepo(db: Db, where: ProductWhere) {
  return {
    /** The piece holding a SKU (case-insensitive, the unique index's rule), soft-deleted ones included. */
    async skuHolder(sku: string, excludeId: string | undefined): Promise<{ id: string; deletedAt: Date | null } | null> {
      const [row] = await db
        .select({ id: products.id, deletedAt: products.deletedAt })
        .from(products)
        .where(and(sql`upper(${products.sku}) = upper(${sku})`, excludeId ? sql`${products.id} <> ${excludeId}` : undefined))
        .limit(1);
      return row ?? null;
    },

    /** The state a bulk action decides on, rows locked until the transaction ends (call inside one). */
    async lockForBulk(ids: string[]) {
      return db
        .select({ id: products.id, deletedAt: products.deletedAt, isFeatured: products.isFeatured, status: products.status })
        .from(products)
        .where(inArray(products.id, ids))
        .for('update');
    },

    /** One statement for every id; returns the ids written. */
    async setMany(ids: string[], patch: Partial<NewProductRow>): Promise<string[]> {
      if (ids.length === 0) return [];
      const rows = await db
        .update(products)
        .set({ ...patch, updatedAt: new Date() })
        .where(inArray(products.id, ids))
        .returning({ id: products.id });
      return rows.map((r) => r.id);
    },

    /**
     * One keyset batch of the CSV export, in the list's order on the list's indexes. Plain rows straight from
     * the driver (no ORM mapping, `updated_at` already ISO text): at a million rows the mapping and date
     * parsing cost more than the query.
     */
    async exportBatch(
      viewer: ProductViewer,
      filter: ProductFilter,
      sort: ProductSort,
      size: number,
      after?: { value: string; id: string },
    ): Promise<ExportRow[]> {
      const { column, cast } = SORT_COLUMNS[sort.field];
      const dir = sql.raw(sort.direction === 'desc' ? 'desc' : 'asc');
      const keyset = after
        ? sql`(${column}, ${products.id}) ${sql.raw(sort.direction === 'desc' ? '<' : '>')} (cast(${after.value} as ${cast}), cast(${after.id} as uuid))`
        : undefined;
      const result = await db.execute(sql`
        select ${products.id} as id, sku, name, slug, status::text as status, category_id, metal::text as metal,
               gemstone_type, gemstone_carat_points, gemstone_cut, gemstone_colour, gemstone_clarity, currency, price, price_min, price_max,
               stock_quantity, is_featured, vendor_id, designer_id, description,
               to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
               cast(${column} as text) as cursor_value
        from ${products}
        where ${and(where(viewer, filter), keyset) ?? sql`true`}
        order by ${column} ${dir}, ${products.id} ${dir}
        limit ${size}`);
      return rowsOf<ExportRow>(result);
    },

    async categoryNames(): Promise<Map<string, string>> {
      const rows = await db.select({ id: categories.id, name: categories.name }).from(categories);
      return new Map(rows.map((r) => [r.id, r.name]));
    },

    /** Pieces by SKU (case-insensitive), deleted ones included; `lock` holds them for the caller's transaction. */
    async findBySkus(skus: string[], lock: boolean): Promise<ProductReadRow[]> {
      const out: ProductReadRow[] = [];
      for (const chunk of chunks(skus, 5_000)) {
        // SKUs hold no comma (contract), so one text parameter carries the list.
        const query = db
          .select(productColumns)
          .from(products)
          .where(sql`upper(${products.sku}) = any(string_to_array(upper(${chunk.join(',')}), ','))`);
        out.push(...(await (lock ? query.for('update') : query)));
      }
      return out;
    },

    /** Categories named by id or by (case-insensitive) name. */
    async categoriesByIdOrName(ids: string[], names: string[]) {
      if (ids.length === 0 && names.length === 0) return [];
      return db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .where(
          or(
            ids.length ? inArray(categories.id, ids) : undefined,
            names.length
              ? inArray(
                  sql`lower(${categories.name})`,
                  names.map((n) => n.toLowerCase()),
                )
              : undefined,
          ),
        );
    },

    async liveVendorIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: vendors.id })
        .from(vendors)
        .where(and(inArray(vendors.id, ids), isNull(vendors.deletedAt)));
      return new Set(rows.map((r) => r.id));
    },

    async liveDesignerIds(ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .select({ id: designers.id })
        .from(designers)
        .where(and(inArray(designers.id, ids), isNull(designers.deletedAt)));
      return new Set(rows.map((r) => r.id));
    },

    /** Who holds each of these slugs. */
    async slugHolders(slugs: string[]): Promise<Map<string, string>> {
      const out = new Map<string, string>();
      for (const chunk of chunks(slugs, 5_000)) {
        if (chunk.length === 0) continue;
        const rows = await db.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, chunk));
        for (const r of rows) out.set(r.slug, r.id);
      }
      return out;
    },

    /** Multi-row inserts, 500 rows per statement; returns the new ids. */
    async insertMany(rows: NewProductRow[]): Promise<string[]> {
      const ids: string[] = [];
      for (const chunk of chunks(rows, 500)) {
        if (chunk.length === 0) continue;
        ids.push(...(await db.insert(products).values(chunk).returning({ id: products.id })).map((r) => r.id));
      }
      return ids;
    },

    /**
     * Rewrites the editable columns of many live pieces, 500 per statement (`update … from (values …)`).
     * Returns the ids written: fewer than given means some piece was deleted meanwhile.
     */
    async updateMany(rows: (ImportedColumns & { id: string })[]): Promise<string[]> {
      const ids: string[] = [];
      for (const chunk of chunks(rows, 500)) {
        if (chunk.length === 0) continue;
        const values = sql.join(
          chunk.map(
            (r) =>
              sql`(${sql.join(
                IMPORT_COLUMNS.map(([key, type]) => sql`cast(${r[key]} as ${sql.raw(type)})`),
                sql`, `,
              )})`,
          ),
          sql`, `,
        );
        const names = sql.raw(IMPORT_COLUMNS.map(([key]) => `"${key}"`).join(', '));
        const set = sql.raw(IMPORT_COLUMNS.flatMap(([key]) => (key === 'id' ? [] : [`${IMPORT_TARGETS[key]} = v."${key}"`])).join(', '));
        const result = await db.execute(sql`
          update ${products} p set ${set}, updated_at = now()
          from (values ${values}) as v(${names})
          where p.id = v."id" and p.deleted_at is null
          returning p.id`);
        ids.push(...rowsOf<{ id: string }>(result).map((r) => r.id));
      }
      return ids;
    },
  };
}

/** A product as the export reads it (column names as in the table; numbers may arrive as text from some drivers). */
export interface ExportRow {
  id: string;
  sku: string;
  name: string;
  slug: string;
  status: string;
  category_id: string;
  metal: string;
  gemstone_type: string | null;
  gemstone_carat_points: number | string | null;
  gemstone_cut: string | null;
  gemstone_colour: string | null;
  gemstone_clarity: string | null;
  currency: string;
  price: number | string | null;
  price_min: number | string | null;
  price_max: number | string | null;
  stock_quantity: number | string;
  is_featured: boolean;
  vendor_id: string;
  designer_id: string | null;
  description: string;
  updated_at: string;
  cursor_value: string;
}

/** The columns an import rewrites, with their SQL types (the `values` list is cast column by column). */
const IMPORT_COLUMNS = [
  ['id', 'uuid'],
  ['name', 'text'],
  ['slug', 'text'],
  ['description', 'text'],
  ['sku', 'text'],
  ['vendorId', 'uuid'],
  ['designerId', 'uuid'],
  ['categoryId', 'uuid'],
  ['metal', 'metal_type'],
  ['gemstoneType', 'text'],
  ['gemstoneCaratPoints', 'integer'],
  ['gemstoneCut', 'text'],
  ['gemstoneColour', 'text'],
  ['gemstoneClarity', 'text'],
  ['price', 'integer'],
  ['priceMin', 'integer'],
  ['priceMax', 'integer'],
  ['currency', 'text'],
  ['stockQuantity', 'integer'],
  ['isFeatured', 'boolean'],
  ['status', 'product_status'],
] as const;
type ImportKey = Exclude<(typeof IMPORT_COLUMNS)[number][0], 'id'>;
const IMPORT_TARGETS: Record<ImportKey, string> = {
  name: 'name',
  slug: 'slug',
  description: 'description',
  sku: 'sku',
  vendorId: 'vendor_id',
  designerId: 'designer_id',
  categoryId: 'category_id',
  metal: 'metal',
  gemstoneType: 'gemstone_type',
  gemstoneCaratPoints: 'gemstone_carat_points',
  gemstoneCut: 'gemstone_cut',
  gemstoneColour: 'gemstone_colour',
  gemstoneClarity: 'gemstone_clarity',
  price: 'price',
  priceMin: 'price_min',
  priceMax: 'price_max',
  currency: 'currency',
  stockQuantity: 'stock_quantity',
  isFeatured: 'is_featured',
  status: 'status',
};
/** Every editable column of a piece (images excepted: a CSV does not carry them). */
export type ImportedColumns = Pick<ProductRow, ImportKey>;
