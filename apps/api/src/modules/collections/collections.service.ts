import type { Collection, CollectionItem, CollectionSeason, CreateCollectionBody, Page, UpdateCollectionBody } from '@mirror/contract';
import { COLLECTION_SEASONS, slugify } from '@mirror/contract';
import type { z } from 'zod';
import type { CollectionFacetsSchema, CollectionStatisticsSchema } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { CollectionRow, NewCollectionRow, ProductRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import type { Actor } from '../../plugins/auth';
import { createProductsRepo } from '../products/products.repo';
import { productViewerOf, toImageDto, toProductDto, toStoredImages } from '../products/products.service';
import { createResultCache } from '../../lib/result-cache';
import { createCollectionsRepo, type CollectionFilter, type CollectionPageQuery, type MemberVisibility } from './collections.repo';
import { audited, auditLabels, recordEvent } from '../audit/audit.service';

const notFound = () => new AppError('COLLECTION_NOT_FOUND', 'Collection not found.');
const nameTaken = () =>
  new AppError('NAME_TAKEN', 'A collection with this name already exists.', [{ path: 'name', message: 'This name is already used.' }]);

export interface CollectionsServiceOptions {
  db: Db;
  lowStockThreshold: number;
  /** How long a collection's piece count is served before it is refreshed (see lib/result-cache.ts). */
  countCacheMs?: number;
  /** How long the public `with-products` answer is served before it is refreshed (0: never kept). */
  answerCacheMs?: number;
}

export function createCollectionsService({
  db,
  lowStockThreshold,
  countCacheMs = 5_000,
  answerCacheMs = 5_000,
}: CollectionsServiceOptions) {
  const repo = createCollectionsRepo(db);
  const repoIn = (tx: Db) => createCollectionsRepo(tx);
  const productsRepo = createProductsRepo(db, lowStockThreshold);
  // Piece counts per collection and viewer: counting visits every member (and its product), a page only 20.
  // Grouped with the products' caches on the same database, so a product write clears them too.
  const counts = createResultCache(countCacheMs, 5_000, db);
  // At most 20 answers (the storefront asks one or two shapes; one answer of 100 collections × 50 pieces is ~1–4 MB):
  // a client walking other shapes evicts the oldest rather than growing the process.
  const answers =
    answerCacheMs > 0 ? createResultCache(answerCacheMs, 20, db) : { get: <T>(_key: string, load: () => Promise<T>) => load() };

  function toDto(row: CollectionRow, productCount: number, hero: Collection['hero']): Collection {
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      description: row.description,
      year: row.year,
      season: row.season,
      isFeatured: row.isFeatured,
      coverImage: row.coverImage ? toImageDto(row.coverImage) : null,
      productCount,
      hero,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      deletedAt: row.deletedAt?.toISOString() ?? null,
    };
  }
  const itemDto = (r: { product: Omit<ProductRow, 'searchVector'>; sortOrder: number; isHero: boolean }): CollectionItem => ({
    sortOrder: r.sortOrder,
    isHero: r.isHero,
    product: toProductDto(r.product, lowStockThreshold),
  });

  /** Which pieces the actor may see; `key` names the viewer for the count cache. */
  function visibilityOf(actor: Actor | null): MemberVisibility & { key: string } {
    const viewer = productViewerOf(actor);
    const condition = productsRepo.where(viewer, {});
    if (viewer.isAdmin) return { condition, shape: 'admin', key: 'admin' };
    if (viewer.vendorId) return { condition, shape: null, key: `vendor:${viewer.vendorId}` };
    return { condition, shape: 'public', key: 'public' };
  }
  const productCount = (id: string, visibility: MemberVisibility & { key: string }) =>
    counts.get(`${id}|${visibility.key}`, () => repo.productCount(id, visibility));
  /** DTOs for a page: each count from the cache, every hero in one statement. */
  async function withCounts(rows: CollectionRow[], visibility: MemberVisibility & { key: string }): Promise<Collection[]> {
    const [counts, heroes] = await Promise.all([
      Promise.all(rows.map((r) => productCount(r.id, visibility))),
      repo.heroes(
        rows.map((r) => r.id),
        visibility,
      ),
    ]);
    return rows.map((row, i) => {
      const hero = heroes.find((h) => h.collectionId === row.id);
      return toDto(row, counts[i]!, hero ? { productId: hero.productId, name: hero.name, sku: hero.sku } : null);
    });
  }
  const withCount = async (row: CollectionRow, visibility: MemberVisibility & { key: string }) => (await withCounts([row], visibility))[0]!;
  /** The Trash is the house's: a visitor asking for it is told to sign in, anyone else that it is not theirs. */
  function assertMayFilter(actor: Actor | null, filter: CollectionFilter) {
    if (filter.deleted !== 'only' || actor?.role === 'ADMIN') return;
    if (!actor) throw new AppError('UNAUTHORIZED', 'Please sign in to see deleted collections.');
    throw new AppError('FORBIDDEN', 'Only an administrator can see deleted collections.');
  }
  const asAdmin: Actor = { id: '', username: '', role: 'ADMIN', vendorId: null, designerId: null };

  async function load(id: string, includeDeleted = false) {
    const row = await repo.findById(id, includeDeleted);
    if (!row) throw notFound();
    return row;
  }
  /** After a write commits: counts must not outlive it (a refresh already running stores into the orphaned entries). */
  function written<T>(value: T): T {
    counts.clear();
    return value;
  }

  /** Membership changes of one collection run in one transaction behind a row lock on the collection. */
  function inCollection<T>(id: string, fn: (tx: ReturnType<typeof createCollectionsRepo>, handle: Db) => Promise<T>): Promise<T> {
    return db
      .transaction(async (tx) => {
        const txRepo = createCollectionsRepo(tx);
        if (!(await txRepo.lockCollection(id))) throw notFound();
        return fn(txRepo, tx);
      })
      .then(written);
  }
  /** A membership change, recorded on the collection in its transaction. */
  async function memberEvent(
    handle: Db,
    id: string,
    action: 'ADD_MEMBER' | 'REMOVE_MEMBER' | 'REORDER' | 'HERO',
    changes: (label: (productId: string) => string) => Record<string, { from: unknown; to: unknown }>,
    productIds: string[],
  ) {
    const labels = await auditLabels(handle, 'PRODUCT', productIds);
    await recordEvent(handle, { type: 'COLLECTION', action, id, changes: changes((p) => labels.get(p) ?? p) });
  }

  async function member(tx: ReturnType<typeof createCollectionsRepo>, id: string, productId: string) {
    const m = await tx.member(id, productId);
    if (!m) throw new AppError('COLLECTION_PRODUCT_NOT_FOUND', 'This product is not in the collection.');
    return m;
  }

  const writeError = (err: unknown): never => {
    if (isUniqueViolation(err, 'collections_name_uq')) throw nameTaken();
    if (isUniqueViolation(err, 'collections_slug_uq'))
      throw new AppError('SLUG_TAKEN', 'A collection with this slug already exists.', [
        { path: 'slug', message: 'This slug is already used.' },
      ]);
    throw err;
  };

  return {
    async list({
      actor,
      filter,
      query,
    }: {
      actor: Actor | null;
      filter: CollectionFilter;
      query: CollectionPageQuery;
    }): Promise<Page<Collection>> {
      assertMayFilter(actor, filter);
      const visibility = visibilityOf(actor);
      const { rows, total } = await repo.list(repo.where(filter, actor?.role === 'ADMIN', visibility), query);
      return toPage(await withCounts(rows, visibility), total, query.page, query.size);
    },

    /**
     * Collections with their first pieces. The public answer (the storefront asks for 100 collections × 50
     * pieces: thousands of pieces at a large catalogue) is kept for `answerCacheMs` per query, in the same cache
     * group as the counts, so any write through this process clears it (decisions: HTTP caching of catalogue
     * reads); a signed-in admin or vendor always reads afresh.
     */
    async listWithProducts({
      actor,
      filter,
      query,
      productsLimit,
    }: {
      actor: Actor | null;
      filter: CollectionFilter;
      query: CollectionPageQuery;
      productsLimit: number;
    }) {
      assertMayFilter(actor, filter);
      const visibility = visibilityOf(actor);
      const read = async () => {
        const { rows, total } = await repo.list(repo.where(filter, actor?.role === 'ADMIN', visibility), query);
        const [items, dtos] = await Promise.all([
          repo.firstItems(
            rows.map((r) => r.id),
            visibility,
            productsLimit,
          ),
          withCounts(rows, visibility),
        ]);
        const content = dtos.map((dto) => ({ ...dto, products: items.filter((i) => i.collectionId === dto.id).map(itemDto) }));
        return toPage(content, total, query.page, query.size);
      };
      if (visibility.key !== 'public') return read();
      return answers.get(JSON.stringify([filter, query, productsLimit]), read);
    },

    async get({ actor, id, includeDeleted }: { actor: Actor | null; id: string; includeDeleted?: boolean }): Promise<Collection> {
      const row = await load(id, includeDeleted && actor?.role === 'ADMIN');
      return withCount(row, visibilityOf(actor));
    },

    async getByName({ actor, name }: { actor: Actor | null; name: string }): Promise<Collection> {
      const row = await repo.findByName(name);
      if (!row) throw notFound();
      return withCount(row, visibilityOf(actor));
    },

    /**
     * One statement reads the page over the membership index (and checks the collection is live); only an
     * empty page asks whether the collection exists at all (404) or the page is past its end. The total is
     * the cached count.
     */
    async products({
      actor,
      id,
      page,
      size,
    }: {
      actor: Actor | null;
      id: string;
      page: number;
      size: number;
    }): Promise<Page<CollectionItem>> {
      const visibility = visibilityOf(actor);
      const rows = await repo.items(id, visibility, { offset: page * size, limit: size });
      if (rows.length === 0) await load(id);
      return toPage(rows.map(itemDto), await productCount(id, visibility), page, size);
    },

    async productsList({ actor, id }: { actor: Actor | null; id: string }): Promise<CollectionItem[]> {
      const visibility = visibilityOf(actor);
      const [, rows] = await Promise.all([load(id), repo.allItems(id, visibility)]);
      return rows.map(itemDto);
    },

    async create({ body }: { body: CreateCollectionBody }): Promise<Collection> {
      if (await repo.nameTaken(body.name)) throw nameTaken();
      try {
        const row = await audited(db, { type: 'COLLECTION', action: 'CREATE', created: (r) => r.id }, (tx: Db) =>
          repoIn(tx).insert({
            name: body.name,
            slug: body.slug ?? slugify(`${body.name}-${body.year}`),
            description: body.description,
            year: body.year,
            season: body.season,
            isFeatured: body.isFeatured,
            coverImage: body.coverImage ? toStoredImages([body.coverImage])[0]! : null,
          }),
        );
        return written(toDto(row, 0, null));
      } catch (err) {
        return writeError(err);
      }
    },

    async update({ id, patch }: { id: string; patch: UpdateCollectionBody }): Promise<Collection> {
      await load(id);
      if (patch.name !== undefined && (await repo.nameTaken(patch.name, id))) throw nameTaken();
      const changes: Partial<NewCollectionRow> = {};
      for (const key of ['name', 'slug', 'description', 'year', 'season', 'isFeatured'] as const) {
        if (patch[key] !== undefined) Object.assign(changes, { [key]: patch[key] });
      }
      if (patch.coverImage !== undefined) changes.coverImage = patch.coverImage ? toStoredImages([patch.coverImage])[0]! : null;
      try {
        const row = await audited(db, { type: 'COLLECTION', action: 'UPDATE', ids: [id] }, (tx) => repoIn(tx).update(id, changes));
        if (!row) throw notFound();
        counts.clear();
        return await withCount(row, visibilityOf(asAdmin));
      } catch (err) {
        return writeError(err);
      }
    },

    async setFeatured({ id, featured }: { id: string; featured: boolean }): Promise<Collection> {
      const row = await audited(db, { type: 'COLLECTION', action: 'FEATURE', ids: [id] }, (tx) =>
        repoIn(tx).update(id, { isFeatured: featured }),
      );
      if (!row) throw notFound();
      counts.clear();
      return withCount(row, visibilityOf(asAdmin));
    },

    async remove({ id }: { id: string }): Promise<void> {
      if (!(await audited(db, { type: 'COLLECTION', action: 'DELETE', ids: [id] }, (tx) => repoIn(tx).softDelete(id)))) throw notFound();
      counts.clear();
    },

    async restore({ id }: { id: string }): Promise<Collection> {
      const row = await audited(db, { type: 'COLLECTION', action: 'RESTORE', ids: [id] }, (tx) => repoIn(tx).restore(id));
      if (!row) {
        if (await repo.findById(id)) throw new AppError('NOT_DELETED', 'This collection is not deleted.');
        throw notFound();
      }
      counts.clear();
      return withCount(row, visibilityOf(asAdmin));
    },

    async removePermanently({ id }: { id: string }): Promise<void> {
      if (!(await audited(db, { type: 'COLLECTION', action: 'PURGE', ids: [id] }, (tx) => repoIn(tx).hardDelete(id)))) throw notFound();
      counts.clear();
    },

    /** Appends the product (or inserts it at `sortOrder`, shifting the rest down). */
    async addProduct({
      id,
      productId,
      sortOrder,
      isHero,
    }: {
      id: string;
      productId: string;
      sortOrder?: number | undefined;
      isHero: boolean;
    }): Promise<CollectionItem[]> {
      await inCollection(id, async (tx, handle) => {
        if (!(await tx.productExists(productId))) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found.');
        if (await tx.member(id, productId)) throw new AppError('ALREADY_IN_COLLECTION', 'This product is already in the collection.');
        const size = await tx.memberCount(id);
        const position = Math.min(sortOrder ?? size, size);
        if (position < size) await tx.shift(id, position, null, 1);
        if (isHero) await tx.clearHero(id);
        await tx.insertMember({ collectionId: id, productId, sortOrder: position, isHero });
        await memberEvent(
          handle,
          id,
          'ADD_MEMBER',
          (label) => ({
            piece: { from: null, to: label(productId) },
            position: { from: null, to: position + 1 },
            ...(isHero ? { hero: { from: null, to: label(productId) } } : {}),
          }),
          [productId],
        );
      });
      return this.productsList({ actor: asAdmin, id });
    },

    async removeProduct({ id, productId }: { id: string; productId: string }): Promise<void> {
      await inCollection(id, async (tx, handle) => {
        const m = await member(tx, id, productId);
        await tx.deleteMember(id, productId);
        await tx.shift(id, m.sortOrder + 1, null, -1);
        await memberEvent(handle, id, 'REMOVE_MEMBER', (label) => ({ piece: { from: label(productId), to: null } }), [productId]);
      });
    },

    /** Moves a product to position `sortOrder` (clamped to the end); the pieces in between shift by one. */
    async moveProduct({ id, productId, sortOrder }: { id: string; productId: string; sortOrder: number }): Promise<CollectionItem[]> {
      await inCollection(id, async (tx, handle) => {
        const m = await member(tx, id, productId);
        const target = Math.min(sortOrder, (await tx.memberCount(id)) - 1);
        if (target === m.sortOrder) return;
        if (target < m.sortOrder) await tx.shift(id, target, m.sortOrder - 1, 1);
        else await tx.shift(id, m.sortOrder + 1, target, -1);
        await tx.setMember(id, productId, { sortOrder: target });
        await memberEvent(handle, id, 'REORDER', (label) => ({ [label(productId)]: { from: m.sortOrder + 1, to: target + 1 } }), [
          productId,
        ]);
      });
      return this.productsList({ actor: asAdmin, id });
    },

    /**
     * Puts the pieces in the order given, in one transaction. `productIds` must name every member the
     * back-office lists (soft-deleted pieces may be left out: they keep their relative order after the
     * rest); any other difference means the list was stale, and nothing changes (409).
     */
    async reorderProducts({ id, productIds }: { id: string; productIds: string[] }): Promise<CollectionItem[]> {
      await inCollection(id, async (tx, handle) => {
        const members = await tx.members(id);
        const memberIds = new Set(members.map((m) => m.productId));
        const listed = new Set(productIds);
        const details = [
          ...productIds.flatMap((p, i) =>
            memberIds.has(p) ? [] : [{ path: `productIds.${i}`, message: 'This piece is not in the collection' }],
          ),
          ...members
            .filter((m) => !m.isDeleted && !listed.has(m.productId))
            .map((m) => ({ path: 'productIds', message: `Piece ${m.productId} is missing` })),
        ];
        if (details.length > 0) {
          throw new AppError('CONFLICT', 'The collection has changed since it was loaded. Reload it and order the pieces again.', details);
        }
        const order = [...productIds, ...members.filter((m) => !listed.has(m.productId)).map((m) => m.productId)];
        await tx.setOrder(id, order);
        const previous = members.map((m) => m.productId);
        if (order.join() !== previous.join()) {
          await memberEvent(handle, id, 'REORDER', (label) => ({ order: { from: previous.map(label), to: order.map(label) } }), order);
        }
      });
      return this.productsList({ actor: asAdmin, id });
    },

    /** Makes the product the collection's hero (clearing the previous one), or clears it when it already is. */
    async toggleHero({ id, productId }: { id: string; productId: string }): Promise<CollectionItem[]> {
      await inCollection(id, async (tx, handle) => {
        const m = await member(tx, id, productId);
        await memberEvent(
          handle,
          id,
          'HERO',
          (label) => ({ hero: { from: m.isHero ? label(productId) : null, to: m.isHero ? null : label(productId) } }),
          [productId],
        );
        if (m.isHero) return tx.setMember(id, productId, { isHero: false });
        await tx.clearHero(id);
        await tx.setMember(id, productId, { isHero: true });
      });
      return this.productsList({ actor: asAdmin, id });
    },

    async facets({ actor, filter }: { actor: Actor | null; filter: CollectionFilter }): Promise<z.infer<typeof CollectionFacetsSchema>> {
      assertMayFilter(actor, filter);
      const f = await repo.facets(repo.where(filter, actor?.role === 'ADMIN', visibilityOf(actor)));
      return {
        total: f.total,
        years: f.years.map((y) => ({ value: y.value, count: y.count })),
        seasons: f.seasons.map((s) => ({ value: s.value, count: s.count })),
        featured: f.featured.map((x) => ({ value: String(x.value), count: x.count })),
      };
    },

    async statistics(): Promise<z.infer<typeof CollectionStatisticsSchema>> {
      const s = await repo.statistics();
      return {
        total: s.totals.total - s.totals.deleted,
        featured: s.totals.featured,
        deleted: s.totals.deleted,
        bySeason: Object.fromEntries(
          COLLECTION_SEASONS.map((season) => [season, s.bySeason.find((b) => b.season === season)?.count ?? 0]),
        ) as Record<CollectionSeason, number>,
        byYear: s.byYear,
        products: s.members,
        withoutHero: s.withoutHero,
      };
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
