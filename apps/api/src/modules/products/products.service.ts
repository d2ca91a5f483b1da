/**
 * The products service, the module's face (the routes and other modules use it): lists and searches, a piece by id
 * or SKU, and the writes of one piece. Its parts: products.context.ts (the repo, the caches, what follows a save),
 * products.access.ts (who sees and writes what), products.search-plan.ts (a search's plan), products.cursor.ts
 * (keyset cursors), products.mapper.ts (rows ↔ contract shapes), products.errors.ts, products.aggregates.ts (gem
 * index, facets, statistics) and products.backoffice.ts (SKU check, bulk actions, CSV export and import).
 */
import type { CreateProductBody, Page, Product, ProductPage, ProductStockBody, UpdateProductBody } from '@mirror/contract';
import { isWithinOffsetWindow, OFFSET_WINDOW, slugify } from '@mirror/contract';
import type { StudioPiece } from '@mirror/imagery';
import type { Db } from '../../db/client';
import type { NewProductRow, StoredImage } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { pgErrorOf } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import type { Actor } from '../../plugins/auth';
import { audited } from '../audit/audit.service';
import { assertTrashAccess, assertVendorMayWrite, viewerOf, writeScope } from './products.access';
import { createProductAggregates } from './products.aggregates';
import { createProductBackOffice } from './products.backoffice';
import { productsContext } from './products.context';
import { decodeCursor, encodeCursor } from './products.cursor';
import { mapWriteError, notFound, validation } from './products.errors';
import { gemstoneColumns, toStoredImages } from './products.mapper';
import {
  SEARCH_TIERS,
  type ProductFilter,
  type ProductReadRow,
  type ProductSort,
  type ProductViewer,
  type SearchPart,
} from './products.repo';
import { createSearchPlanner } from './products.search-plan';
import type { SearchPlan } from './products.search';

export { searchTokens } from './products.search';
export { availabilityOf, toImageDto, toProductDto, toStoredImages } from './products.mapper';
export { productViewerOf } from './products.access';

export interface ProductsServiceOptions {
  db: Db;
  lowStockThreshold: number;
  countCacheMs?: number;
  aggregateCacheMs?: number;
  /** Tests only: a fixed tier size above which search walks the index (default: chosen per page, see `search`). */
  searchWalkThreshold?: number;
  /** At most this many matches in all are ranked and paged in one statement (`searchRanked`); tests set 0. */
  smallSearchMax?: number;
  /** Tests only: the rows a search pages through and counts (default the contract's OFFSET_WINDOW; decision 0131). */
  searchWindow?: number;
  /** Draws and stores the studio render of a piece saved without photographs; off when absent. */
  renderStudioImages?: (piece: StudioPiece) => Promise<StoredImage[]>;
  onBackgroundError?: (err: unknown) => void;
}

export function createProductsService({
  db,
  lowStockThreshold,
  countCacheMs = 5_000,
  aggregateCacheMs = 30_000,
  searchWalkThreshold,
  smallSearchMax = 1_000,
  searchWindow = OFFSET_WINDOW,
  renderStudioImages,
  onBackgroundError,
}: ProductsServiceOptions) {
  const ctx = productsContext({ db, lowStockThreshold, countCacheMs, aggregateCacheMs, renderStudioImages, onBackgroundError });
  const { repo, repoIn, counts, aggregates, clearCaches, dto, written } = ctx;
  const planner = createSearchPlanner(ctx, searchWindow);
  const { searchPlanOf, scopedSearch, keyOf } = planner;

  /**
   * Whether a search with few matches may read them before its filter (`searchRanked`'s fence, decision 0124): few
   * pieces match its words at all, whoever reads (counted up to `smallSearchMax` + 1, kept with the other
   * aggregates), and no word matches a category or collection by name (a condition the GIN index alone cannot find).
   */
  async function fenceable(plan: SearchPlan): Promise<boolean> {
    if (plan.words.some((w) => w.categoryIds.length > 0 || w.collectionIds.length > 0)) return false;
    const n = await aggregates.get(`search-all|${keyOf(plan)}`, () => repo.searchMatchesUpTo(plan, smallSearchMax));
    return n <= smallSearchMax;
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
     * the rest (descriptions); within a tier, the pieces with every word exactly as typed first (decisions §119);
     * newest first within that. Tier sizes come from one cached count; each page reads only the parts it spans. `correctedQuery` is set when some word had no exact match and its nearest
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
    }): Promise<Page<Product> & { correctedQuery: string | null; totalExact: boolean }> {
      assertTrashAccess(actor, filter);
      // A search pages through its first rows only, as engines do (Elasticsearch's max_result_window, Algolia's
      // paginationLimitedTo): past them more words or a filter find a piece sooner than page 501 (decision 0131).
      if ((query.page + 1) * query.size > searchWindow) {
        const window = searchWindow.toLocaleString('en');
        throw new AppError('VALIDATION_FAILED', `A search pages through its first ${window} pieces.`, [
          { path: 'page', message: `A search shows its first ${window} pieces; add a word or a filter to find the others.` },
        ]);
      }
      const viewer = viewerOf(actor, filter.mine);
      const plan = await searchPlanOf(q);
      if (!plan) return { ...toPage([], 0, query.page, query.size), correctedQuery: null, totalExact: true };
      const corrected = { correctedQuery: plan.correctedQuery };
      // The filter's count (the walk's candidates) starts beside the search's counts; it is awaited only when a part's
      // size leaves the walk/sort choice open (a search of few matches never waits for it).
      const candidates = counts.get(JSON.stringify([viewer, filter]), () => repo.count(viewer, filter));
      candidates.catch(() => undefined);
      const { where, plan: scoped, tiers } = await scopedSearch(viewer, filter, plan);
      // Counted to the window's end (`searchCounts`): more matches than the window holds answer "more than".
      const totalExact = tiers.total <= searchWindow;
      const counted = { ...corrected, totalExact };
      const total = Math.min(tiers.total, searchWindow);
      // Few matches in all: one statement ranks and pages them (sorting them costs less than a round trip per tier).
      if (tiers.total <= smallSearchMax) {
        const offset = query.page * query.size;
        const rows =
          offset >= tiers.total ? [] : await repo.searchRanked(where, scoped, { offset, size: query.size }, await fenceable(plan));
        return { ...toPage(rows.map(dto), total, query.page, query.size), ...counted };
      }
      // Each tier in two parts: its rows with every word exactly as typed, then the others (decisions §119).
      const sizes = SEARCH_TIERS.flatMap((tier): [SearchPart, number][] => [
        [{ tier, exact: true }, tiers.exact[tier]],
        [{ tier, exact: false }, tiers[tier] - tiers.exact[tier]],
      ]);
      const rows: ProductReadRow[] = [];
      let offset = query.page * query.size;
      for (const [part, size] of sizes) {
        if (rows.length === query.size) break;
        if (offset >= size) {
          offset -= size;
          continue;
        }
        const limit = query.size - rows.length;
        // Walking the date index visits about (offset + limit) × candidates / size rows; sorting the part's
        // matches visits `size` rows. Walk when that is cheaper: size > √((offset + limit) × candidates). The filter
        // holds at least the matches (`tiers.total`): a part at most √((offset + limit) × tiers.total) is sorted
        // without counting the filter. (A part counted only to the window's end goes by its count, a lower bound: a
        // mistaken sort costs the part's matches, a mistaken walk could cost the filter's every row.)
        const walk =
          searchWalkThreshold !== undefined
            ? size > searchWalkThreshold
            : size > Math.sqrt((offset + limit) * tiers.total) && size > Math.sqrt((offset + limit) * (await candidates));
        rows.push(...(await repo.searchTier(where, scoped, part, walk, { offset, size: limit })));
        offset = 0;
      }
      return { ...toPage(rows.map(dto), total, query.page, query.size), ...counted };
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

    ...createProductAggregates(ctx, planner),
    ...createProductBackOffice(ctx, planner),
  };
}

export type ProductsService = ReturnType<typeof createProductsService>;
