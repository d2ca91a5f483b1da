import { Readable } from 'node:stream';
import type {
  Availability,
  CreateProductBody,
  Image,
  MetalType,
  Page,
  Product,
  GemIndex,
  GemVariant,
  ProductFacets,
  ProductPage,
  ProductBulkBody,
  ProductBulkResult,
  ProductImportReport,
  ProductStatistics,
  ProductStatus,
  ProductStockBody,
  SkuAvailability,
  UpdateProductBody,
} from '@mirror/contract';
import { INT4_MAX, isWithinOffsetWindow, METAL_TYPES, OFFSET_WINDOW, PRODUCT_STATUSES, slugify } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { NewProductRow, ProductRow, StoredImage } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { isUniqueViolation, pgErrorOf } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import { createResultCache } from '../../lib/result-cache';
import { fileUrl } from '../../lib/storage/storage';
import { pieceTypeOf, type StudioPiece } from '@mirror/imagery';
import { linkedVendorId, type Actor } from '../../plugins/auth';
import { CSV_HEADER, exportFileName, mapHeader, productCsvLine, readCsv, UTF8_BOM } from './products.csv';
import { planImport } from './products.import';
import { audited } from '../audit/audit.service';
import {
  createProductsRepo,
  type ExportRow,
  type GroupedFacet,
  type ProductFilter,
  type ProductReadRow,
  type ProductSort,
  type ProductViewer,
  type SearchTier,
} from './products.repo';
import { planSearch, type SearchPlan } from './products.search';

export { searchTokens } from './products.search';

/** A stone, colour or cut as the storefront names it: 'ROSE_GOLD', 'rose-gold' → 'Rose Gold'. */
function titleCase(value: string): string {
  return value
    .trim()
    .toLowerCase()
    .replace(/[_-]+/g, ' ')
    .replace(/\b\p{L}/gu, (c) => c.toUpperCase());
}

export function toImageDto(image: StoredImage): Image {
  const sources = [...image.sources].sort((a, b) => a.width - b.width);
  // The default rendition: the first at least 640 px wide, else the largest there is.
  const main = sources.find((s) => s.width >= 640) ?? sources[sources.length - 1]!;
  return {
    variant: image.variant,
    alt: image.alt,
    url: fileUrl(main.key),
    width: main.width,
    height: main.height,
    srcset: sources.map((s) => ({ url: fileUrl(s.key), width: s.width, height: s.height })),
  };
}

export function availabilityOf(stock: number, threshold: number): Availability {
  if (stock <= 0) return 'OUT_OF_STOCK';
  return stock <= threshold ? 'LOW_STOCK' : 'IN_STOCK';
}

export function toProductDto(row: Omit<ProductRow, 'searchVector'>, threshold: number): Product {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    description: row.description,
    sku: row.sku,
    vendorId: row.vendorId,
    designerId: row.designerId,
    categoryId: row.categoryId,
    metalType: row.metal,
    gemstone: row.gemstoneType
      ? {
          type: row.gemstoneType,
          carat: row.gemstoneCaratPoints == null ? null : row.gemstoneCaratPoints / 100,
          cut: row.gemstoneCut,
          colour: row.gemstoneColour,
          clarity: row.gemstoneClarity,
        }
      : null,
    currency: row.currency,
    price: row.price == null ? null : { amount: row.price, currency: row.currency },
    priceRange:
      row.price == null && row.priceMin != null && row.priceMax != null
        ? { min: row.priceMin, max: row.priceMax, currency: row.currency }
        : null,
    stockQuantity: row.stockQuantity,
    availability: availabilityOf(row.stockQuantity, threshold),
    isFeatured: row.isFeatured,
    status: row.status,
    images: row.images.map(toImageDto),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

export function toStoredImages(images: { variant: string; alt: string; sources: StoredImage['sources'] }[]): StoredImage[] {
  return images.map((i) => ({
    variant: i.variant,
    alt: i.alt,
    sources: i.sources.map((s) => ({ key: s.key, width: s.width, height: s.height })),
  }));
}

const notFound = () => new AppError('PRODUCT_NOT_FOUND', 'Product not found.');
/** Pieces created by one CSV import that still get their studio render (decisions §52). */
const IMPORT_RENDER_MAX = 200;
const validation = (path: string, message: string) => new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [{ path, message }]);

interface Cursor {
  value: string;
  id: string;
}
function encodeCursor(c: Cursor): string {
  return Buffer.from(JSON.stringify([c.value, c.id])).toString('base64url');
}
/** `timestamptz` cast to text (`2026-11-23 18:00:00.123456+00`), with a real calendar date: what PostgreSQL reads back. */
function isTimestampText(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})[ T]([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?(Z|[+-](0\d|1[0-5])(:?[0-5]\d)?)?$/.exec(value);
  if (!m || m[1] === '0000') return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  return month >= 1 && month <= 12 && day >= 1 && new Date(Date.UTC(year, month - 1, day)).getUTCDate() === day;
}
function decodeCursor(raw: string, field: ProductSort['field'], name: 'after' | 'before' = 'after'): Cursor {
  const bad = () => validation(name, 'This cursor is not valid; start again from the first page.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  if (!Array.isArray(parsed) || parsed.length !== 2 || typeof parsed[0] !== 'string' || typeof parsed[1] !== 'string') throw bad();
  const [value, id] = parsed as [string, string];
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) throw bad();
  // Price and stock are int4 columns, dates timestamptz: a crafted cursor must be a 400, not a PostgreSQL error.
  if ((field === 'price' || field === 'stock') && (!/^-?\d{1,10}$/.test(value) || Math.abs(Number(value)) > INT4_MAX)) throw bad();
  if ((field === 'createdAt' || field === 'updatedAt') && !isTimestampText(value)) throw bad();
  if (value.includes('\u0000')) throw bad();
  return { value, id };
}

export interface ProductsServiceOptions {
  db: Db;
  lowStockThreshold: number;
  countCacheMs?: number;
  aggregateCacheMs?: number;
  /** Tests only: a fixed tier size above which search walks the index (default: chosen per page, see `search`). */
  searchWalkThreshold?: number;
  /** At most this many matches in all are ranked and paged in one statement (`searchRanked`); tests set 0. */
  smallSearchMax?: number;
  /** Draws and stores the studio render of a piece saved without photographs; off when absent. */
  renderStudioImages?: (piece: StudioPiece) => Promise<StoredImage[]>;
  onBackgroundError?: (err: unknown) => void;
}

/** Which pieces a reader sees: everything for ADMIN, a vendor's own drafts too, live pieces otherwise. */
export function productViewerOf(actor: Actor | null): ProductViewer {
  if (actor?.role === 'ADMIN') return { isAdmin: true, vendorId: null };
  if (actor?.role === 'VENDOR') return { isAdmin: false, vendorId: actor.vendorId };
  return { isAdmin: false, vendorId: null };
}

export function createProductsService({
  db,
  lowStockThreshold,
  countCacheMs = 5_000,
  aggregateCacheMs = 30_000,
  searchWalkThreshold,
  smallSearchMax = 1_000,
  renderStudioImages,
  onBackgroundError,
}: ProductsServiceOptions) {
  const repo = createProductsRepo(db, lowStockThreshold);
  const repoIn = (tx: Db) => createProductsRepo(tx, lowStockThreshold);
  // Grouped by the database handle: a product write also clears the collections' counts, and vice versa.
  const counts = createResultCache(countCacheMs, 500, db);
  // Whole-table aggregates (search tier counts, facets, statistics) cost a scan of up to a million rows:
  // refreshed at most every 30 s (in the background, while the last answer is served).
  const aggregates = createResultCache(aggregateCacheMs, 500, db);
  const clearCaches = () => {
    counts.clear();
    aggregates.clear();
  };
  const dto = (row: Omit<ProductRow, 'searchVector'>) => toProductDto(row, lowStockThreshold);
  // What the lexicon knows of each query word: it changes only when a product brings a new word (cleared then).
  const corrections = createResultCache(60_000, 2_000);
  const lexiconOf = (word: string, isLast: boolean) => corrections.get(JSON.stringify([word, isLast]), () => repo.lexiconOf(word, isLast));

  /** The Trash is the back-office's: anyone else asking for it is refused rather than shown live pieces. */
  function assertTrashAccess(actor: Actor | null, filter: ProductFilter) {
    if (!filter.deletedOnly || actor?.role === 'ADMIN') return;
    if (!actor) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    throw new AppError('FORBIDDEN', 'Only an administrator can see deleted pieces.');
  }

  /** The plan of a search (decisions §78; `products.search.ts`), or null when `q` has no words. */
  async function searchPlanOf(q: string): Promise<SearchPlan | null> {
    // Category and collection names are searched too: a few dozen rows, kept with the other aggregates.
    const groups = await aggregates.get('search-groups', () => repo.searchGroups());
    return planSearch(q, lexiconOf, groups);
  }

  /**
   * A search narrowed to the structured attributes whenever some piece matches all its words there (descriptions
   * are the fallback, see `SearchPlan.scope`), with its tier sizes. One cached count decides it.
   */
  async function scopedSearch(viewer: ProductViewer, filter: ProductFilter, plan: SearchPlan) {
    const condition = repo.where(viewer, filter);
    const tiers = await aggregates.get(JSON.stringify(['search', viewer, filter, plan]), () => repo.searchCounts(condition, plan));
    const structured = tiers.total - tiers.other > 0;
    return {
      condition,
      plan: structured ? { ...plan, scope: 'structured' as const } : plan,
      tiers: structured ? { ...tiers, other: 0, total: tiers.total - tiers.other } : tiers,
    };
  }

  function viewerOf(actor: Actor | null, mine?: boolean): ProductViewer {
    // `mine`: a vendor's own back-office table, and nothing of anyone else (not even their live pieces).
    return mine ? { isAdmin: false, vendorId: ownVendorOf(actor), isOwnOnly: true } : productViewerOf(actor);
  }

  function ownVendorOf(actor: Actor | null): string {
    if (!actor) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
    if (actor.role !== 'VENDOR') throw new AppError('FORBIDDEN', 'Only a vendor account has its own pieces.');
    return linkedVendorId(actor);
  }

  /** The vendor a VENDOR caller acts for; null for ADMIN (no scope). */
  function writeScope(actor: Actor): string | null {
    if (actor.role === 'ADMIN') return null;
    if (actor.role !== 'VENDOR') throw new AppError('FORBIDDEN', 'You do not have permission to do this.');
    return linkedVendorId(actor);
  }

  /**
   * What only the house decides on a vendor's piece (decisions §67): publishing it (a vendor submits
   * drafts and may withdraw its own pieces to DRAFT or ARCHIVED, never make one ACTIVE) and which designer
   * it is attributed to (designer sales follow that attribution). Unchanged values pass, so a vendor can
   * save a live piece's other fields.
   */
  function assertVendorMayWrite(
    next: { status?: ProductStatus | undefined; designerId?: string | null | undefined },
    current: { status: ProductStatus; designerId: string | null },
  ) {
    const refused = [];
    if (next.status === 'ACTIVE' && current.status !== 'ACTIVE')
      refused.push({ path: 'status', message: 'Mirror reviews and publishes pieces; save it as a draft or archive it.' });
    if (next.designerId !== undefined && next.designerId !== current.designerId)
      refused.push({ path: 'designerId', message: 'Mirror attributes pieces to designers.' });
    if (refused.length) throw new AppError('FORBIDDEN', 'Only Mirror can publish a piece or attribute it to a designer.', refused);
  }

  function mapWriteError(err: unknown): never {
    if (isUniqueViolation(err, 'products_sku_uq'))
      throw new AppError('SKU_TAKEN', 'A product with this SKU already exists.', [{ path: 'sku', message: 'This SKU is already used.' }]);
    if (isUniqueViolation(err, 'products_slug_uq'))
      throw new AppError('SLUG_TAKEN', 'A product with this slug already exists.', [
        { path: 'slug', message: 'This slug is already used.' },
      ]);
    const pg = pgErrorOf(err);
    if (pg?.code === '23503') throw new AppError('UNPROCESSABLE', 'A referenced record does not exist.');
    if (pg?.code === '23514') throw new AppError('UNPROCESSABLE', 'These values are not consistent (price, range or stock).');
    throw err;
  }

  async function assertReferences(input: {
    categoryId?: string | undefined;
    vendorId?: string | undefined;
    designerId?: string | null | undefined;
  }) {
    const found = await repo.references(input);
    const details = [];
    if (input.categoryId && !found.category) details.push({ path: 'categoryId', message: 'No such category.' });
    if (input.vendorId && !found.vendor) details.push({ path: 'vendorId', message: 'No such vendor.' });
    if (input.designerId && !found.designer) details.push({ path: 'designerId', message: 'No such designer.' });
    if (details.length) throw new AppError('UNPROCESSABLE', 'Some referenced records do not exist.', details);
  }

  function gemstoneColumns(gemstone: CreateProductBody['gemstone']): Partial<NewProductRow> {
    if (gemstone === undefined) return {};
    return {
      gemstoneType: gemstone?.type ?? null,
      gemstoneCaratPoints: gemstone?.carat == null ? null : Math.round(gemstone.carat * 100),
      gemstoneCut: gemstone?.cut ?? null,
      gemstoneColour: gemstone?.colour ?? null,
      gemstoneClarity: gemstone?.clarity ?? null,
    };
  }

  async function written(row: Omit<ProductRow, 'searchVector'>): Promise<Product> {
    clearCaches();
    if ((await repo.indexTerms(row.id)) > 0) corrections.clear();
    renderStudioLater(row);
    return dto(row);
  }

  // Renders run one at a time after the answer (about a second each): a piece is saved at once and
  // its studio images appear when drawn, unless a photograph was uploaded in between.
  let renderQueue: Promise<void> = Promise.resolve();
  const rendering = new Set<string>();
  function renderStudioLater(row: Omit<ProductRow, 'searchVector'>): void {
    if (!renderStudioImages || row.images.length > 0 || row.deletedAt || rendering.has(row.id)) return;
    rendering.add(row.id);
    renderQueue = renderQueue
      .then(async () => {
        const names = await repo.categoryNames();
        const images = await renderStudioImages({
          id: row.id,
          sku: row.sku,
          name: row.name,
          pieceType: pieceTypeOf(names.get(row.categoryId) ?? '', row.name),
          metal: row.metal,
          gemstoneType: row.gemstoneType,
          gemstoneCut: row.gemstoneCut,
          gemstoneColour: row.gemstoneColour,
          gemstoneCaratPoints: row.gemstoneCaratPoints,
        });
        if (await repo.setGeneratedImages(row.id, images)) clearCaches();
      })
      .catch((err: unknown) => onBackgroundError?.(err))
      .finally(() => rendering.delete(row.id));
  }

  /**
   * A page of a list: by offset within OFFSET_WINDOW, by keyset cursor (`after` / `before`) at any depth. Past the
   * window an offset page is refused (400 on `page`) and names the cursor: an OFFSET skips every row before it, so
   * page 2000 cost 8× page 0, and the last page of a million pieces ~40× more (decisions: deep pages by cursor).
   */
  async function pageOf(
    viewer: ProductViewer,
    filter: ProductFilter,
    query: { page: number; size: number; sort: ProductSort; after?: string | undefined; before?: string | undefined },
  ): Promise<ProductPage> {
    if (query.after && query.before) throw validation('before', 'Send either after or before, not both.');
    if (!query.after && !query.before && !isWithinOffsetWindow(query.page, query.size)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Pages by number reach the first ${OFFSET_WINDOW.toLocaleString('en')} pieces; page further with a cursor.`,
        [
          {
            path: 'page',
            message: `Past the first ${OFFSET_WINDOW.toLocaleString('en')} pieces, pass the last page's nextCursor as after (or a page's prevCursor as before).`,
          },
        ],
      );
    }
    const after = query.after ? decodeCursor(query.after, query.sort.field, 'after') : undefined;
    const before = query.before ? decodeCursor(query.before, query.sort.field, 'before') : undefined;
    // A `before` page reads one row more to know whether any precede it; it arrives reversed.
    const paging = {
      offset: query.page * query.size,
      size: before ? query.size + 1 : query.size,
      ...(after ? { after } : {}),
      ...(before ? { before } : {}),
    };
    const [found, total] = await Promise.all([
      repo.list(viewer, filter, query.sort, paging),
      counts.get(JSON.stringify([viewer, filter]), () => repo.count(viewer, filter)),
    ]);
    let rows = found;
    let page = query.page;
    let hasPrevious = !!after || (!before && query.page > 0);
    if (before) {
      hasPrevious = found.length > query.size;
      rows = found.slice(0, query.size).reverse();
      // Fewer than a page precede the cursor: the first page (as the offset path reads it), not a short one.
      if (!hasPrevious) {
        rows = await repo.list(viewer, filter, query.sort, { offset: 0, size: query.size });
        page = 0;
      }
    }
    const cursorOf = (row: (typeof rows)[number] | undefined) =>
      row ? encodeCursor({ value: row.cursorValue, id: row.product.id }) : null;
    const nextCursor = rows.length === query.size ? cursorOf(rows[rows.length - 1]) : null;
    const prevCursor = hasPrevious ? cursorOf(rows[0]) : null;
    return {
      ...toPage(
        rows.map((r) => dto(r.product)),
        total,
        page,
        query.size,
      ),
      nextCursor,
      prevCursor,
    };
  }

  return {
    lowStockThreshold,

    async list({
      actor,
      filter,
      query,
    }: {
      actor: Actor | null;
      filter: ProductFilter;
      query: { page: number; size: number; sort: ProductSort; after?: string | undefined; before?: string | undefined };
    }): Promise<ProductPage> {
      assertTrashAccess(actor, filter);
      return pageOf(viewerOf(actor, filter.mine), filter, query);
    },

    /**
     * Ranked search (decisions §78). Every word must match (`products.search.ts`). Rank: every
     * word in the name, then in the name or stone, then in those or SKU/cut/colour/metal/category/collection, then
     * the rest (descriptions); newest first within a tier. Tier sizes come from one cached count; each page reads
     * only the tiers it spans. `correctedQuery` is set when some word had no exact match and its nearest
     * spellings were searched instead: the page then holds alternatives ("Did you mean …").
     */
    async search({
      actor,
      q,
      filter,
      query,
    }: {
      actor: Actor | null;
      q: string;
      filter: ProductFilter;
      query: { page: number; size: number };
    }): Promise<Page<Product> & { correctedQuery: string | null }> {
      assertTrashAccess(actor, filter);
      const viewer = viewerOf(actor, filter.mine);
      const plan = await searchPlanOf(q);
      if (!plan) return { ...toPage([], 0, query.page, query.size), correctedQuery: null };
      const corrected = { correctedQuery: plan.correctedQuery };
      const [{ condition, plan: scoped, tiers }, candidates] = await Promise.all([
        scopedSearch(viewer, filter, plan),
        counts.get(JSON.stringify([viewer, filter]), () => repo.count(viewer, filter)),
      ]);
      // Few matches in all: one statement ranks and pages them (sorting them costs less than a round trip per tier).
      if (tiers.total <= smallSearchMax) {
        const offset = query.page * query.size;
        const rows = offset >= tiers.total ? [] : await repo.searchRanked(condition, scoped, { offset, size: query.size });
        return { ...toPage(rows.map(dto), tiers.total, query.page, query.size), ...corrected };
      }
      const sizes: [SearchTier, number][] = [
        ['name', tiers.name],
        ['stone', tiers.stone],
        ['strong', tiers.strong],
        ['other', tiers.other],
      ];
      const rows: ProductReadRow[] = [];
      let offset = query.page * query.size;
      for (const [tier, size] of sizes) {
        if (rows.length === query.size) break;
        if (offset >= size) {
          offset -= size;
          continue;
        }
        const limit = query.size - rows.length;
        // Walking the date index visits about (offset + limit) × candidates / size rows; sorting the tier's
        // matches visits `size` rows. Walk when that is cheaper: size > √((offset + limit) × candidates).
        const walk = size > (searchWalkThreshold ?? Math.sqrt((offset + limit) * candidates));
        rows.push(...(await repo.searchTier(condition, scoped, tier, walk, { offset, size: limit })));
        offset = 0;
      }
      return { ...toPage(rows.map(dto), tiers.total, query.page, query.size), ...corrected };
    },

    async get({
      actor,
      id,
      includeDeleted = false,
      mine = false,
    }: {
      actor: Actor | null;
      id: string;
      includeDeleted?: boolean;
      mine?: boolean;
    }): Promise<Product> {
      const row = await repo.findById(id, viewerOf(actor, mine), includeDeleted);
      if (!row) throw notFound();
      return dto(row);
    },

    async getBySku({ actor, sku }: { actor: Actor | null; sku: string }): Promise<Product> {
      const row = await repo.findBySku(sku, viewerOf(actor));
      if (!row) throw notFound();
      return dto(row);
    },

    async create({ actor, body }: { actor: Actor; body: CreateProductBody }): Promise<Product> {
      const scope = writeScope(actor);
      const vendorId = scope ?? body.vendorId;
      if (!vendorId) throw validation('vendorId', 'Choose the vendor of this piece.');
      if (scope && body.isFeatured) throw new AppError('FORBIDDEN', 'Only an administrator can feature a piece.');
      if (scope) assertVendorMayWrite({ status: body.status, designerId: body.designerId ?? null }, { status: 'DRAFT', designerId: null });
      await assertReferences({ categoryId: body.categoryId, vendorId, designerId: body.designerId });
      const hasFixedPrice = body.price != null;
      try {
        const row = await audited(db, { type: 'PRODUCT', action: 'CREATE', created: (r) => r.id }, (tx: Db) =>
          repoIn(tx).insert({
            name: body.name,
            slug: body.slug ?? slugify(`${body.name}-${body.sku}`),
            description: body.description,
            sku: body.sku,
            vendorId,
            designerId: body.designerId ?? null,
            categoryId: body.categoryId,
            metal: body.metalType,
            ...gemstoneColumns(body.gemstone ?? null),
            price: body.price ?? null,
            priceMin: hasFixedPrice ? null : (body.priceMin ?? null),
            priceMax: hasFixedPrice ? null : (body.priceMax ?? null),
            currency: body.currency,
            stockQuantity: body.stockQuantity,
            isFeatured: body.isFeatured,
            status: body.status,
            images: toStoredImages(body.images),
          }),
        );
        return await written(row);
      } catch (err) {
        return mapWriteError(err);
      }
    },

    async update({ actor, id, patch }: { actor: Actor; id: string; patch: UpdateProductBody }): Promise<Product> {
      const scope = writeScope(actor);
      const current = await repo.findById(id, { isAdmin: true, vendorId: null });
      // Another vendor's product answers exactly like a missing one: its existence is not disclosed.
      if (!current || (scope && current.vendorId !== scope)) throw notFound();
      if (scope && patch.isFeatured !== undefined && patch.isFeatured !== current.isFeatured) {
        throw new AppError('FORBIDDEN', 'Only an administrator can feature a piece.');
      }
      if (scope && patch.vendorId !== undefined && patch.vendorId !== scope) {
        throw new AppError('FORBIDDEN', 'A vendor can only manage its own pieces.');
      }
      if (scope) assertVendorMayWrite(patch, current);
      await assertReferences({ categoryId: patch.categoryId, vendorId: scope ? undefined : patch.vendorId, designerId: patch.designerId });
      const changes: Partial<NewProductRow> = {};
      if (patch.name !== undefined) changes.name = patch.name;
      if (patch.slug !== undefined) changes.slug = patch.slug;
      if (patch.description !== undefined) changes.description = patch.description;
      if (patch.sku !== undefined) changes.sku = patch.sku;
      if (patch.vendorId !== undefined && !scope) changes.vendorId = patch.vendorId;
      if (patch.designerId !== undefined) changes.designerId = patch.designerId;
      if (patch.categoryId !== undefined) changes.categoryId = patch.categoryId;
      if (patch.metalType !== undefined) changes.metal = patch.metalType;
      Object.assign(changes, gemstoneColumns(patch.gemstone));
      if (patch.currency !== undefined) changes.currency = patch.currency;
      if (patch.stockQuantity !== undefined) changes.stockQuantity = patch.stockQuantity;
      if (patch.isFeatured !== undefined) changes.isFeatured = patch.isFeatured;
      if (patch.status !== undefined) changes.status = patch.status;
      if (patch.images !== undefined) changes.images = toStoredImages(patch.images);
      // Price: a fixed price replaces a range and vice versa.
      if (patch.price != null) Object.assign(changes, { price: patch.price, priceMin: null, priceMax: null });
      else if (patch.priceMin != null && patch.priceMax != null)
        Object.assign(changes, { price: null, priceMin: patch.priceMin, priceMax: patch.priceMax });
      else if (patch.price === null && current.priceMin == null) throw validation('price', 'Give a price or a price range.');
      else if (patch.price === null) changes.price = null;
      try {
        const row = await audited(db, { type: 'PRODUCT', action: 'UPDATE', ids: [id] }, (tx) => repoIn(tx).update(id, changes, scope));
        if (!row) throw notFound();
        return await written(row);
      } catch (err) {
        return mapWriteError(err);
      }
    },

    async setStock({ actor, id, body }: { actor: Actor; id: string; body: ProductStockBody }): Promise<Product> {
      const scope = writeScope(actor);
      if ('quantity' in body) {
        const row = await audited(db, { type: 'PRODUCT', action: 'STOCK', ids: [id] }, (tx) =>
          repoIn(tx).setStock(id, body.quantity, scope),
        );
        if (!row) throw notFound();
        clearCaches();
        return dto(row);
      }
      const row = await audited(db, { type: 'PRODUCT', action: 'STOCK', ids: [id] }, (tx) => repoIn(tx).adjustStock(id, body.delta, scope));
      if (row) {
        clearCaches();
        return dto(row);
      }
      const existing = await repo.findById(id, { isAdmin: true, vendorId: null });
      if (!existing || (scope && existing.vendorId !== scope)) throw notFound();
      throw new AppError('INSUFFICIENT_STOCK', `Only ${existing.stockQuantity} in stock: the change would take stock below zero.`, [
        { path: 'delta', message: `At most ${existing.stockQuantity} can be removed.` },
      ]);
    },

    async toggleFeatured({ id }: { id: string }): Promise<Product> {
      const row = await audited(db, { type: 'PRODUCT', action: 'FEATURE', ids: [id] }, (tx) => repoIn(tx).toggleFeatured(id));
      if (!row) throw notFound();
      clearCaches();
      return dto(row);
    },

    async remove({ actor, id }: { actor: Actor; id: string }): Promise<void> {
      const scope = writeScope(actor);
      if (!(await audited(db, { type: 'PRODUCT', action: 'DELETE', ids: [id] }, (tx) => repoIn(tx).softDelete(id, scope))))
        throw notFound();
      clearCaches();
    },

    async restore({ id }: { id: string }): Promise<Product> {
      const row = await audited(db, { type: 'PRODUCT', action: 'RESTORE', ids: [id] }, (tx) => repoIn(tx).restore(id));
      if (!row) {
        const live = await repo.findById(id, { isAdmin: true, vendorId: null });
        if (live) throw new AppError('NOT_DELETED', 'This product is not deleted.');
        throw notFound();
      }
      clearCaches();
      return dto(row);
    },

    async removePermanently({ id }: { id: string }): Promise<void> {
      try {
        if (!(await audited(db, { type: 'PRODUCT', action: 'PURGE', ids: [id] }, (tx) => repoIn(tx).hardDelete(id)))) throw notFound();
      } catch (err) {
        if (pgErrorOf(err)?.code === '23503') {
          throw new AppError('IN_USE', 'This product is referenced by an order and cannot be deleted permanently. Archive it instead.');
        }
        throw err;
      }
      clearCaches();
    },

    /**
     * The /all-gems index of the public catalogue (a storefront page: drafts and the Trash never show, whoever
     * asks). One grouped scan, kept like the facets.
     */
    async gems(): Promise<GemIndex> {
      return aggregates.get('gems', async () => {
        const { groups, samples } = await repo.gemGroups(productViewerOf(null));
        const stones = new Map<string, { name: string; count: number; variants: GemVariant[] }>();
        for (const g of groups) {
          const name = titleCase(g.stone);
          const stone = stones.get(name) ?? { name, count: 0, variants: [] };
          stones.set(name, stone);
          stone.count += g.count;
          const colour = g.colour === null ? null : titleCase(g.colour);
          const cut = g.cut === null ? null : titleCase(g.cut);
          const sample = samples.get(g.sampleId);
          stone.variants.push({
            key: `${colour ?? ''}|${cut ?? ''}`,
            colour,
            cut,
            count: g.count,
            sample: { id: g.sampleId, name: sample?.name ?? '', image: sample?.image ? toImageDto(sample.image) : null },
          });
        }
        const distinct = (values: (string | null)[]) => [...new Set(values.filter((v): v is string => v !== null))].sort();
        return {
          stones: [...stones.values()]
            .map((stone) => {
              const variants = stone.variants.sort((a, b) => b.count - a.count || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
              return {
                name: stone.name,
                count: stone.count,
                colours: distinct(variants.map((v) => v.colour)),
                cuts: distinct(variants.map((v) => v.cut)),
                variants,
              };
            })
            .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
        };
      });
    },

    /** Facet counts for the filter, and for the search `q` when given (the counts of what the search finds). */
    async facets({
      actor,
      filter: given,
      q,
    }: {
      actor: Actor | null;
      filter: ProductFilter;
      q?: string | undefined;
    }): Promise<ProductFacets> {
      assertTrashAccess(actor, given);
      const viewer = viewerOf(actor, given.mine);
      let filter = given;
      if (q !== undefined) {
        const plan = await searchPlanOf(q);
        // No searchable word: nothing matches (as the search answers), not everything.
        filter = plan ? { ...given, matches: (await scopedSearch(viewer, given, plan)).plan } : { ...given, ids: [] };
      }
      return aggregates.get(JSON.stringify(['facets', viewer, filter]), async () => {
        const { groups, total, price, collectionRows } = await repo.facets(viewer, filter);
        const pick = (dimension: GroupedFacet) =>
          groups.filter((r) => r.dimension === dimension).map((r) => ({ value: String(r.value), count: r.count }));
        const categoriesF = pick('category');
        const vendorsF = pick('vendor');
        const designersF = pick('designer');
        const labels = await repo.labels({
          categories: categoriesF.map((f) => f.value),
          vendors: vendorsF.map((f) => f.value),
          designers: designersF.map((f) => f.value),
        });
        const labelled = (list: { value: string; count: number }[]) =>
          list
            .map((f) => ({ ...f, label: labels.get(f.value) ?? f.value }))
            .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label));
        const byCount = (list: { value: string; count: number }[]) =>
          list.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
        return {
          total,
          categories: labelled(categoriesF),
          metals: byCount(pick('metal')),
          vendors: labelled(vendorsF),
          designers: labelled(designersF),
          collections: collectionRows
            .map((c) => ({ value: c.value, label: c.label, count: c.count }))
            .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label)),
          featured: byCount(pick('featured')),
          availability: byCount(pick('availability')),
          statuses: byCount(pick('status')),
          stones: mergeByCase(pick('stone')),
          cuts: mergeByCase(pick('cut')),
          price,
        };
      });
    },

    async statistics(): Promise<ProductStatistics> {
      return aggregates.get('statistics', () => computeStatistics());
    },

    /** For the editor's live check. The unique index covers soft-deleted pieces, so they hold their SKU too. */
    async skuAvailability({ sku, excludeId }: { sku: string; excludeId?: string | undefined }): Promise<SkuAvailability> {
      const holder = await repo.skuHolder(sku, excludeId);
      if (!holder) return { sku, available: true, message: 'This SKU is free.' };
      if (holder.deletedAt) {
        return {
          sku,
          available: false,
          message:
            'A deleted piece (in the Trash) holds this SKU; it stays reserved until that piece is restored or ' + 'deleted permanently.',
        };
      }
      return { sku, available: false, message: 'Another piece already uses this SKU.' };
    },

    /**
     * One action on many pieces, in one transaction behind row locks: every id must name a piece (Trash
     * included) or nothing changes (404 naming them). Pieces already in the target state are left alone;
     * `ids` lists those changed, in request order, so an Undo can revert exactly them.
     */
    async bulk({ body }: { body: ProductBulkBody }): Promise<ProductBulkResult> {
      const ids = [...new Set(body.ids)];
      const changed = await db.transaction(async (tx) => {
        const txRepo = createProductsRepo(tx, lowStockThreshold);
        const rows = new Map((await txRepo.lockForBulk(ids)).map((r) => [r.id, r]));
        const missing = body.ids.map((id, i) => ({ id, i })).filter(({ id }) => !rows.has(id));
        if (missing.length) {
          throw new AppError(
            'PRODUCT_NOT_FOUND',
            `No product with id ${[...new Set(missing.map((m) => m.id))].join(', ')}. Nothing was changed.`,
            missing.map(({ i }) => ({ path: `ids.${i}`, message: 'No such product' })),
          );
        }
        const live = body.action !== 'RESTORE' && body.action !== 'DELETE';
        if (live) {
          const trashed = body.ids.map((id, i) => ({ id, i })).filter(({ id }) => rows.get(id)!.deletedAt);
          if (trashed.length) {
            throw new AppError(
              'CONFLICT',
              `${trashed.length === 1 ? 'One piece is' : `${trashed.length} pieces are`} in the Trash: restore ${trashed.length === 1 ? 'it' : 'them'} first. Nothing was changed.`,
              trashed.map(({ i }) => ({ path: `ids.${i}`, message: 'In the Trash' })),
            );
          }
        }
        const now = new Date();
        type Locked = { deletedAt: Date | null; isFeatured: boolean; status: ProductStatus };
        const plans: Record<ProductBulkBody['action'], { needs: (r: Locked) => boolean; patch: Partial<NewProductRow> }> = {
          FEATURE: { needs: (r) => !r.isFeatured, patch: { isFeatured: true } },
          UNFEATURE: { needs: (r) => r.isFeatured, patch: { isFeatured: false } },
          SET_STATUS: { needs: (r) => r.status !== body.status, patch: { status: body.status! } },
          DELETE: { needs: (r) => r.deletedAt === null, patch: { deletedAt: now } },
          RESTORE: { needs: (r) => r.deletedAt !== null, patch: { deletedAt: null } },
        };
        const plan = plans[body.action];
        const target = ids.filter((id) => plan.needs(rows.get(id)!));
        const action = ({ FEATURE: 'FEATURE', UNFEATURE: 'FEATURE', SET_STATUS: 'STATUS', DELETE: 'DELETE', RESTORE: 'RESTORE' } as const)[
          body.action
        ];
        const written = new Set(
          await audited(tx as unknown as Db, { type: 'PRODUCT', action, ids: target }, (t) => repoIn(t).setMany(target, plan.patch)),
        );
        return ids.filter((id) => written.has(id));
      });
      if (changed.length) clearCaches();
      return { updated: changed.length, ids: changed };
    },

    /**
     * CSV of every piece the list's filters (or a search, or an id list) select, in the list's sort. Rows are
     * read in keyset batches of 1,000 through the list's indexed paging and written as the client reads, so
     * memory stays flat whatever the size. The first batch is read before answering, so a bad query is still
     * a JSON error; no snapshot is held across batches (each sees the latest rows).
     */
    async exportCsv({ actor, filter, sort, q }: { actor: Actor; filter: ProductFilter; sort: ProductSort; q?: string | undefined }) {
      assertTrashAccess(actor, filter);
      const viewer = viewerOf(actor, filter.mine);
      let selection = filter;
      if (q !== undefined) {
        const plan = await searchPlanOf(q);
        // No searchable word: nothing matches (as the search answers), not everything.
        selection = plan ? { ...filter, matches: (await scopedSearch(viewer, filter, plan)).plan } : { ...filter, ids: [] };
      }
      const batchSize = 1_000;
      const none = selection.ids?.length === 0;
      const [names, total, first] = await Promise.all([
        repo.categoryNames(),
        none ? 0 : counts.get(JSON.stringify([viewer, selection]), () => repo.count(viewer, selection)),
        none ? [] : repo.exportBatch(viewer, selection, sort, batchSize),
      ]);
      const lines = (rows: ExportRow[]) => rows.map((r) => productCsvLine(r, names.get(r.category_id) ?? '')).join('');
      async function* batches() {
        yield UTF8_BOM + CSV_HEADER;
        let rows = first;
        while (rows.length > 0) {
          const last = rows[rows.length - 1]!;
          // The next batch is read while this one is formatted and sent.
          const next =
            rows.length === batchSize
              ? repo.exportBatch(viewer, selection, sort, batchSize, { value: last.cursor_value, id: last.id })
              : null;
          // A client that goes away stops the loop at the yield: its read-ahead must not fail unobserved.
          next?.catch(() => {});
          yield lines(rows);
          if (!next) return;
          rows = await next;
        }
      }
      // Byte mode: the stream reads ahead at most one batch past what the socket has taken.
      return {
        fileName: exportFileName(new Date()),
        total,
        stream: Readable.from(batches(), { objectMode: false, highWaterMark: 64 * 1024 }),
      };
    },

    /**
     * CSV import. Dry run: the report of what apply would do. Apply: the same validation inside one
     * transaction (matched pieces locked), then every insert and update — or nothing at all when any row
     * is at fault (the report comes back with `applied: false`).
     */
    async importCsv({ file, mode }: { file: Buffer; mode: 'dry-run' | 'apply' }): Promise<ProductImportReport> {
      const { header, records } = await readCsv(file);
      const index = mapHeader(header);
      const report = (
        plan: { rows: number; creates: unknown[]; updates: unknown[]; errors: ProductImportReport['errors'] },
        applied: boolean,
      ): ProductImportReport => ({
        mode,
        applied,
        rows: plan.rows,
        toCreate: plan.creates.length,
        toUpdate: plan.updates.length,
        errors: plan.errors.slice(0, 500),
        errorCount: plan.errors.length,
      });
      const options = { headerLength: header.length, records, index, slugify };
      if (mode === 'dry-run') return report(await planImport({ ...options, repo, lock: false }), false);
      try {
        const result = await db.transaction(async (tx) => {
          const txRepo = createProductsRepo(tx, lowStockThreshold);
          const plan = await planImport({ ...options, repo: txRepo, lock: true });
          if (plan.errors.length) return { plan, ids: [] as string[] };
          const { created, updated } = await audited(
            tx as unknown as Db,
            { type: 'PRODUCT', action: 'IMPORT', ids: plan.updates.map((u) => u.id), created: (r) => r.created },
            async (t: Db) => ({ created: await repoIn(t).insertMany(plan.creates), updated: await repoIn(t).updateMany(plan.updates) }),
          );
          if (updated.length !== plan.updates.length)
            throw new AppError('CONFLICT', 'A piece was deleted while the file was imported. Nothing was imported; try again.');
          const added = await txRepo.indexTermsOf([...created, ...updated]);
          return { plan, ids: [...created, ...updated], added };
        });
        if (result.plan.errors.length) return report(result.plan, false);
        clearCaches();
        if ('added' in result && result.added) corrections.clear();
        // A small import (what a person adds by hand through a sheet) gets its studio renders like a
        // piece entered in the editor; a bulk load of thousands would hold the renderer for hours.
        if (result.plan.creates.length <= IMPORT_RENDER_MAX) {
          for (const row of await repo.findBySkus(
            result.plan.creates.map((c) => c.sku),
            false,
          ))
            renderStudioLater(row);
        }
        return report(result.plan, true);
      } catch (err) {
        return mapWriteError(err);
      }
    },
  };

  /** Stone spellings that differ only in case are one value (the filter ignores case): the commonest spelling names it. */
  function mergeByCase(list: { value: string; count: number }[]) {
    const merged = new Map<string, { value: string; count: number; top: number }>();
    for (const f of list) {
      const key = f.value.toLowerCase();
      const m = merged.get(key);
      if (!m) merged.set(key, { value: f.value, count: f.count, top: f.count });
      else {
        m.count += f.count;
        if (f.count > m.top) Object.assign(m, { value: f.value, top: f.count });
      }
    }
    return [...merged.values()]
      .map(({ value, count }) => ({ value, count }))
      .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value));
  }

  async function computeStatistics(): Promise<ProductStatistics> {
    const { rows, deleted, categoryNames } = await repo.statistics();
    const all = rows.find((r) => r.g_status && r.g_metal && r.g_category && r.g_currency);
    const byStatus = Object.fromEntries(
      PRODUCT_STATUSES.map((s) => [s, rows.find((r) => !r.g_status && r.status === s)?.count ?? 0]),
    ) as Record<ProductStatus, number>;
    const byMetal = Object.fromEntries(METAL_TYPES.map((m) => [m, rows.find((r) => !r.g_metal && r.metal === m)?.count ?? 0])) as Record<
      MetalType,
      number
    >;
    return {
      total: all?.count ?? 0,
      byStatus,
      byMetal,
      byCategory: rows
        .filter((r) => !r.g_category && r.g_currency && r.category_id)
        .map((r) => ({ categoryId: r.category_id!, name: categoryNames.get(r.category_id!) ?? '', count: r.count }))
        .sort((a, b) => b.count - a.count || a.name.localeCompare(b.name)),
      featured: all?.featured ?? 0,
      stockUnits: Number(all?.stock_units ?? 0),
      stockValue: rows
        .filter((r) => !r.g_currency && r.g_category && r.currency)
        .map((r) => ({ currency: r.currency!, amount: Number(r.stock_value ?? 0) }))
        .sort((a, b) => a.currency.localeCompare(b.currency)),
      stockValueByCategory: stockValueByCategory(
        rows.filter((r) => !r.g_category && !r.g_currency && r.category_id && r.currency),
        categoryNames,
      ),
      lowStock: all?.low_stock ?? 0,
      outOfStock: all?.out_of_stock ?? 0,
      lowStockThreshold,
      deleted,
    };
  }
}

/** One entry per category, one amount per currency (price-on-request pieces are not valued), categories by name. */
function stockValueByCategory(
  rows: { category_id: string | null; currency: string | null; stock_value: string | number | null }[],
  names: Map<string, string>,
) {
  const byCategory = new Map<string, { amount: number; currency: string }[]>();
  for (const r of rows) {
    const list = byCategory.get(r.category_id!) ?? [];
    list.push({ currency: r.currency!, amount: Number(r.stock_value ?? 0) });
    byCategory.set(r.category_id!, list);
  }
  return [...byCategory]
    .map(([categoryId, value]) => ({
      categoryId,
      name: names.get(categoryId) ?? '',
      value: value.sort((a, b) => a.currency.localeCompare(b.currency)),
    }))
    .sort((a, b) => a.name.localeCompare(b.name) || a.categoryId.localeCompare(b.categoryId));
}

export type ProductsService = ReturnType<typeof createProductsService>;
