import {
  CreateProductBodySchema,
  PRODUCT_CSV_COLUMNS,
  rejectNulCharacters,
  UpdateProductBodySchema,
  type ProductCsvColumn,
  type ProductImportError,
} from '@mirror/contract';
import type { NewProductRow } from '../../db/schema/index';
import { readValues, STONE_DETAILS, type CellError, type ColumnIndex, type CsvRecord, type CsvValues } from './products.csv';
import type { ImportedColumns, ProductReadRow, ProductsRepo } from './products.repo';

/** What an import would do: rows to insert, rows to rewrite, and every problem found (file order). */
export interface ImportPlan {
  rows: number;
  creates: NewProductRow[];
  updates: (ImportedColumns & { id: string })[];
  errors: ProductImportError[];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const COLUMN_ORDER = new Map<string | null, number>(PRODUCT_CSV_COLUMNS.map((c, i) => [c, i]));

/** Where a contract field lives in the file. */
function columnOfPath(path: readonly PropertyKey[], index: ColumnIndex): ProductCsvColumn | null {
  const [head, sub] = path;
  if (head === 'gemstone') return sub === undefined || sub === 'type' ? 'stoneType' : (sub as ProductCsvColumn);
  if (head === 'categoryId') return index.categoryId !== undefined ? 'categoryId' : 'category';
  if (head === 'images' || head === undefined) return null;
  return (COLUMN_ORDER.has(String(head)) ? head : null) as ProductCsvColumn | null;
}

/** Blank cells of nullable columns clear the value; of the other optional columns, keep it (update) or take the default (create). */
const orUndefined = <T>(v: T | null | undefined): T | undefined => (v === null ? undefined : v);

export interface PlanOptions {
  repo: ProductsRepo;
  headerLength: number;
  records: CsvRecord[];
  index: ColumnIndex;
  /** Inside the apply transaction: hold the matched pieces until it ends. */
  lock: boolean;
  slugify: (text: string) => string;
}

/**
 * Validates every row with the contract's create/update schemas and looks up everything the file names
 * (SKUs, categories, vendors, designers, slugs) in a few set-based queries. Rows are matched to pieces by
 * SKU, case-insensitively (the unique index's rule).
 */
export async function planImport({ repo, headerLength, records, index, lock, slugify }: PlanOptions): Promise<ImportPlan> {
  const errors: ProductImportError[] = [];
  const rows: { rec: CsvRecord; values: CsvValues; errors: CellError[] }[] = [];
  for (const rec of records) {
    if (rec.cells.length !== headerLength) {
      errors.push({
        line: rec.line,
        row: rec.row,
        column: null,
        reason: `This row has ${rec.cells.length} cells; the header has ${headerLength}.`,
      });
      continue;
    }
    rows.push({ rec, ...readValues(rec.cells, index) });
  }

  // ---- every lookup for the whole file, set-based
  const distinct = (list: (string | null | undefined)[], valid: (s: string) => boolean) => [
    ...new Set(list.filter((s): s is string => !!s && valid(s))),
  ];
  const skuShape = (s: string) => CreateProductBodySchema.shape.sku.safeParse(s).success;
  const skus = distinct(
    rows.map((r) => r.values.sku),
    skuShape,
  );
  const existing = new Map((await repo.findBySkus(skus, lock)).map((p) => [p.sku.toUpperCase(), p]));
  const categoryRows = await repo.categoriesByIdOrName(
    distinct(
      rows.map((r) => r.values.categoryId),
      (s) => UUID.test(s),
    ),
    distinct(
      rows.map((r) => r.values.category),
      () => true,
    ),
  );
  const categoryIds = new Set(categoryRows.map((c) => c.id));
  const categoryByName = new Map(categoryRows.map((c) => [c.name.toLowerCase(), c.id]));
  const vendorIds = await repo.liveVendorIds(
    distinct(
      rows.map((r) => r.values.vendorId),
      (s) => UUID.test(s),
    ),
  );
  const designerIds = await repo.liveDesignerIds(
    distinct(
      rows.map((r) => r.values.designerId),
      (s) => UUID.test(s),
    ),
  );

  const has = (c: ProductCsvColumn) => index[c] !== undefined;
  const firstLineOfSku = new Map<string, number>();
  const planned: {
    rec: CsvRecord;
    errors: CellError[];
    create?: NewProductRow;
    update?: ImportedColumns & { id: string };
    current?: ProductReadRow;
  }[] = [];

  for (const { rec, values: v, errors: cellErrors } of rows) {
    const rowErrors: CellError[] = [...cellErrors];
    const failed = (column: ProductCsvColumn | null) => rowErrors.some((e) => e.column === column);
    const fail = (column: ProductCsvColumn | null, reason: string) => {
      if (!failed(column)) rowErrors.push({ column, reason });
    };

    // Required on every row, whether it creates or updates.
    if (v.sku === null) fail('sku', 'Enter the SKU');
    if (v.name === null) fail('name', 'Enter a name');
    if (v.metalType === null) fail('metalType', 'Choose the metal');
    if (v.price == null && v.priceMin == null && v.priceMax == null && !failed('price') && !failed('priceMin') && !failed('priceMax')) {
      fail(has('price') ? 'price' : 'priceMin', 'Give a price or a price range');
    }

    const skuKey = typeof v.sku === 'string' && skuShape(v.sku) ? v.sku.toUpperCase() : null;
    if (skuKey) {
      const first = firstLineOfSku.get(skuKey);
      if (first !== undefined) fail('sku', `The same SKU is already on line ${first}`);
      else firstLineOfSku.set(skuKey, rec.line);
    }
    const current = skuKey ? existing.get(skuKey) : undefined;
    if (current?.deletedAt) fail('sku', 'A piece in the Trash holds this SKU: restore it first, or use another SKU.');

    let categoryId: string | undefined;
    if (v.categoryId) {
      if (!UUID.test(v.categoryId)) fail('categoryId', 'Not a valid id');
      else if (!categoryIds.has(v.categoryId)) fail('categoryId', 'No such category');
      else categoryId = v.categoryId;
    }
    if (v.category) {
      const byName = categoryByName.get(v.category.toLowerCase());
      if (!byName) fail('category', 'No such category');
      else if (categoryId && byName !== categoryId) fail('category', 'Names another category than categoryId');
      else categoryId = byName;
    }
    if (!categoryId && !failed('categoryId') && !failed('category'))
      fail(has('categoryId') ? 'categoryId' : 'category', 'Choose the category');

    if (v.vendorId && !failed('vendorId')) {
      if (!UUID.test(v.vendorId)) fail('vendorId', 'Not a valid id');
      else if (!vendorIds.has(v.vendorId)) fail('vendorId', 'No such vendor');
    }
    if (v.designerId && !failed('designerId')) {
      if (!UUID.test(v.designerId)) fail('designerId', 'Not a valid id');
      else if (!designerIds.has(v.designerId)) fail('designerId', 'No such designer');
    }

    // The stone: its type decides; details without a type are a mistake, not a silent drop.
    let gemstone:
      { type: string; carat: number | null; cut: string | null; colour: string | null; clarity: string | null } | null | undefined;
    if (has('stoneType')) {
      if (v.stoneType)
        gemstone = { type: v.stoneType, carat: v.carat ?? null, cut: v.cut ?? null, colour: v.colour ?? null, clarity: v.clarity ?? null };
      else if (STONE_DETAILS.some((c) => v[c] != null)) fail('stoneType', 'Give the stone type for its carat, cut, colour or clarity');
      else gemstone = null;
    }

    const price =
      v.price != null
        ? { price: v.price }
        : v.priceMin != null || v.priceMax != null
          ? { priceMin: v.priceMin ?? null, priceMax: v.priceMax ?? null }
          : {};
    const schemaIssues = (issues: readonly { path: readonly PropertyKey[]; message: string }[]) => {
      for (const issue of issues) fail(columnOfPath(issue.path, index), issue.message);
    };

    let create: NewProductRow | undefined;
    let update: (ImportedColumns & { id: string }) | undefined;
    if (!current) {
      // CSV cells skip the route's validator, so the contract's NUL rule is applied here.
      const parsed = rejectNulCharacters(CreateProductBodySchema).safeParse({
        name: orUndefined(v.name),
        slug: orUndefined(v.slug),
        description: orUndefined(v.description),
        sku: orUndefined(v.sku),
        vendorId: orUndefined(v.vendorId),
        designerId: v.designerId,
        categoryId,
        metalType: orUndefined(v.metalType),
        gemstone,
        currency: orUndefined(v.currency),
        ...price,
        stockQuantity: orUndefined(v.stockQuantity),
        isFeatured: orUndefined(v.isFeatured),
        status: orUndefined(v.status),
      });
      if (!parsed.success) schemaIssues(parsed.error.issues);
      if (!v.vendorId) fail('vendorId', 'Choose the vendor of this new piece');
      if (parsed.success && rowErrors.length === 0) {
        const body = parsed.data;
        const fixed = body.price != null;
        create = {
          name: body.name,
          slug: body.slug ?? slugify(`${body.name}-${body.sku}`),
          description: body.description,
          sku: body.sku,
          vendorId: body.vendorId!,
          designerId: body.designerId ?? null,
          categoryId: body.categoryId,
          metal: body.metalType,
          gemstoneType: body.gemstone?.type ?? null,
          gemstoneCaratPoints: body.gemstone?.carat == null ? null : Math.round(body.gemstone.carat * 100),
          gemstoneCut: body.gemstone?.cut ?? null,
          gemstoneColour: body.gemstone?.colour ?? null,
          gemstoneClarity: body.gemstone?.clarity ?? null,
          price: body.price ?? null,
          priceMin: fixed ? null : (body.priceMin ?? null),
          priceMax: fixed ? null : (body.priceMax ?? null),
          currency: body.currency,
          stockQuantity: body.stockQuantity,
          isFeatured: body.isFeatured,
          status: body.status,
          images: [],
        };
      }
    } else if (!current.deletedAt) {
      const parsed = rejectNulCharacters(UpdateProductBodySchema).safeParse({
        name: v.name ?? undefined,
        slug: orUndefined(v.slug),
        description: has('description') ? (v.description ?? '') : undefined,
        sku: orUndefined(v.sku),
        vendorId: orUndefined(v.vendorId),
        designerId: v.designerId,
        categoryId,
        metalType: orUndefined(v.metalType),
        gemstone,
        currency: orUndefined(v.currency),
        ...price,
        stockQuantity: orUndefined(v.stockQuantity),
        isFeatured: orUndefined(v.isFeatured),
        status: orUndefined(v.status),
      });
      if (!parsed.success) schemaIssues(parsed.error.issues);
      // Optimistic concurrency: a row exported before the piece last changed would undo that change.
      if (v.updatedAt) {
        const exportedAt = Date.parse(v.updatedAt);
        if (Number.isNaN(exportedAt)) fail('updatedAt', 'Not a date (use the value the export wrote, or leave it blank)');
        else if (current.updatedAt.getTime() > exportedAt) {
          fail(
            'updatedAt',
            `This piece changed after the file was exported (now ${current.updatedAt.toISOString()}): export again, or clear the cell to overwrite.`,
          );
        }
      }
      if (parsed.success && rowErrors.length === 0) {
        const p = parsed.data;
        const fixed = p.price != null;
        update = {
          id: current.id,
          name: p.name ?? current.name,
          slug: p.slug ?? current.slug,
          description: p.description ?? current.description,
          sku: p.sku ?? current.sku,
          vendorId: p.vendorId ?? current.vendorId,
          designerId: p.designerId === undefined ? current.designerId : p.designerId,
          categoryId: p.categoryId ?? current.categoryId,
          metal: p.metalType ?? current.metal,
          gemstoneType: p.gemstone === undefined ? current.gemstoneType : (p.gemstone?.type ?? null),
          gemstoneCaratPoints:
            p.gemstone === undefined ? current.gemstoneCaratPoints : p.gemstone?.carat == null ? null : Math.round(p.gemstone.carat * 100),
          gemstoneCut: p.gemstone === undefined ? current.gemstoneCut : (p.gemstone?.cut ?? null),
          gemstoneColour: p.gemstone === undefined ? current.gemstoneColour : (p.gemstone?.colour ?? null),
          gemstoneClarity: p.gemstone === undefined ? current.gemstoneClarity : (p.gemstone?.clarity ?? null),
          price: fixed ? p.price! : null,
          priceMin: fixed ? null : p.priceMin!,
          priceMax: fixed ? null : p.priceMax!,
          currency: p.currency ?? current.currency,
          stockQuantity: p.stockQuantity ?? current.stockQuantity,
          isFeatured: p.isFeatured ?? current.isFeatured,
          status: p.status ?? current.status,
        };
      }
    }
    planned.push({ rec, errors: rowErrors, ...(create ? { create } : {}), ...(update ? { update, current } : {}) });
  }

  // ---- slugs: unique across the file and against every other piece (deleted ones included)
  const wanted = planned.flatMap((p) =>
    p.create ? [p.create.slug] : p.update && p.update.slug !== p.current?.slug ? [p.update.slug] : [],
  );
  const holders = await repo.slugHolders([...new Set(wanted)]);
  const slugLine = new Map<string, number>();
  for (const p of planned) {
    const slug = p.create?.slug ?? (p.update && p.update.slug !== p.current?.slug ? p.update.slug : undefined);
    if (!slug) continue;
    const column = index.slug !== undefined ? 'slug' : 'name';
    const first = slugLine.get(slug);
    if (first !== undefined) p.errors.push({ column, reason: `The slug "${slug}" is already taken by line ${first}` });
    else if (holders.has(slug) && holders.get(slug) !== p.update?.id)
      p.errors.push({ column, reason: `Another piece already uses the slug "${slug}"` });
    else slugLine.set(slug, p.rec.line);
  }

  for (const p of planned) {
    p.errors.sort((a, b) => (COLUMN_ORDER.get(a.column) ?? -1) - (COLUMN_ORDER.get(b.column) ?? -1));
    for (const e of p.errors) errors.push({ line: p.rec.line, row: p.rec.row, column: e.column, reason: e.reason });
  }
  errors.sort((a, b) => a.line - b.line);
  const clean = planned.filter((p) => p.errors.length === 0);
  return {
    rows: records.length,
    creates: clean.flatMap((p) => (p.create ? [p.create] : [])),
    updates: clean.flatMap((p) => (p.update ? [p.update] : [])),
    errors,
  };
}
