import type {
  Collection,
  CollectionItem,
  CollectionSeason,
  CreateCollectionBody,
  Page,
  UpdateCollectionBody,
} from '@mirror/contract';
import { COLLECTION_SEASONS } from '@mirror/contract';
import type { z } from 'zod';
import type { CollectionFacetsSchema, CollectionStatisticsSchema } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { CollectionRow, NewCollectionRow, ProductRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import type { Actor } from '../../plugins/auth';
import { createProductsRepo, type ProductViewer } from '../products/products.repo';
import { slugify, toImageDto, toProductDto, toStoredImages } from '../products/products.service';
import { createCollectionsRepo, type CollectionFilter, type CollectionPageQuery } from './collections.repo';

const notFound = () => new AppError('COLLECTION_NOT_FOUND', 'Collection not found.');
const nameTaken = () => new AppError('NAME_TAKEN', 'A collection with this name already exists.', [{ path: 'name', message: 'This name is already used.' }]);

export function createCollectionsService({ db, lowStockThreshold }: { db: Db; lowStockThreshold: number }) {
  const repo = createCollectionsRepo(db);
  const productsRepo = createProductsRepo(db, lowStockThreshold);

  function toDto(row: CollectionRow, productCount: number): Collection {
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

  async function viewerOf(actor: Actor | null): Promise<ProductViewer> {
    if (actor?.role === 'ADMIN') return { isAdmin: true, vendorId: null };
    if (actor?.role === 'VENDOR') return { isAdmin: false, vendorId: await productsRepo.vendorIdOfUser(actor.id) };
    return { isAdmin: false, vendorId: null };
  }
  const productCondition = async (actor: Actor | null) => productsRepo.where(await viewerOf(actor), {});

  async function load(id: string, actor: Actor | null, includeDeleted = false) {
    const row = await repo.findById(id, await productCondition(actor), includeDeleted && actor?.role === 'ADMIN');
    if (!row) throw notFound();
    return row;
  }

  /** Membership changes of one collection run in one transaction behind a row lock on the collection. */
  function inCollection<T>(id: string, fn: (tx: ReturnType<typeof createCollectionsRepo>) => Promise<T>): Promise<T> {
    return db.transaction(async (tx) => {
      const txRepo = createCollectionsRepo(tx as unknown as Db);
      if (!(await txRepo.lockCollection(id))) throw notFound();
      return fn(txRepo);
    });
  }

  async function member(tx: ReturnType<typeof createCollectionsRepo>, id: string, productId: string) {
    const m = await tx.member(id, productId);
    if (!m) throw new AppError('COLLECTION_PRODUCT_NOT_FOUND', 'This product is not in the collection.');
    return m;
  }

  const writeError = (err: unknown): never => {
    if (isUniqueViolation(err, 'collections_name_uq')) throw nameTaken();
    if (isUniqueViolation(err, 'collections_slug_uq')) throw new AppError('SLUG_TAKEN', 'A collection with this slug already exists.', [{ path: 'slug', message: 'This slug is already used.' }]);
    throw err;
  };

  return {
    async list({ actor, filter, query }: { actor: Actor | null; filter: CollectionFilter; query: CollectionPageQuery }): Promise<Page<Collection>> {
      const { rows, total } = await repo.list(repo.where(filter, actor?.role === 'ADMIN'), await productCondition(actor), query);
      return toPage(rows.map((r) => toDto(r.collection, r.productCount)), total, query.page, query.size);
    },

    async listWithProducts({ actor, filter, query, productsLimit }: { actor: Actor | null; filter: CollectionFilter; query: CollectionPageQuery; productsLimit: number }) {
      const condition = await productCondition(actor);
      const { rows, total } = await repo.list(repo.where(filter, actor?.role === 'ADMIN'), condition, query);
      const items = await repo.firstItems(rows.map((r) => r.collection.id), condition, productsLimit);
      const content = rows.map((r) => ({ ...toDto(r.collection, r.productCount), products: items.filter((i) => i.collectionId === r.collection.id).map(itemDto) }));
      return toPage(content, total, query.page, query.size);
    },

    async get({ actor, id, includeDeleted }: { actor: Actor | null; id: string; includeDeleted?: boolean }): Promise<Collection> {
      const row = await load(id, actor, includeDeleted);
      return toDto(row.collection, row.productCount);
    },

    async getByName({ actor, name }: { actor: Actor | null; name: string }): Promise<Collection> {
      const row = await repo.findByName(name, await productCondition(actor));
      if (!row) throw notFound();
      return toDto(row.collection, row.productCount);
    },

    async products({ actor, id, page, size }: { actor: Actor | null; id: string; page: number; size: number }): Promise<Page<CollectionItem>> {
      await load(id, actor);
      const { rows, total } = await repo.items(id, await productCondition(actor), { offset: page * size, limit: size });
      return toPage(rows.map(itemDto), total, page, size);
    },

    async productsList({ actor, id }: { actor: Actor | null; id: string }): Promise<CollectionItem[]> {
      await load(id, actor);
      const { rows } = await repo.items(id, await productCondition(actor), { offset: 0, limit: null });
      return rows.map(itemDto);
    },

    async create({ body }: { body: CreateCollectionBody }): Promise<Collection> {
      if (await repo.nameTaken(body.name)) throw nameTaken();
      try {
        const row = await repo.insert({
          name: body.name,
          slug: body.slug ?? slugify(`${body.name}-${body.year}`),
          description: body.description,
          year: body.year,
          season: body.season,
          isFeatured: body.isFeatured,
          coverImage: body.coverImage ? toStoredImages([body.coverImage])[0]! : null,
        });
        return toDto(row, 0);
      } catch (err) {
        return writeError(err);
      }
    },

    async update({ id, patch }: { id: string; patch: UpdateCollectionBody }): Promise<Collection> {
      await load(id, null);
      if (patch.name !== undefined && (await repo.nameTaken(patch.name, id))) throw nameTaken();
      const changes: Partial<NewCollectionRow> = {};
      for (const key of ['name', 'slug', 'description', 'year', 'season', 'isFeatured'] as const) {
        if (patch[key] !== undefined) Object.assign(changes, { [key]: patch[key] });
      }
      if (patch.coverImage !== undefined) changes.coverImage = patch.coverImage ? toStoredImages([patch.coverImage])[0]! : null;
      try {
        const row = await repo.update(id, changes);
        if (!row) throw notFound();
        const fresh = await load(row.id, { id: '', username: '', role: 'ADMIN' });
        return toDto(fresh.collection, fresh.productCount);
      } catch (err) {
        return writeError(err);
      }
    },

    async setFeatured({ id, featured }: { id: string; featured: boolean }): Promise<Collection> {
      const row = await repo.update(id, { isFeatured: featured });
      if (!row) throw notFound();
      const fresh = await load(id, { id: '', username: '', role: 'ADMIN' });
      return toDto(fresh.collection, fresh.productCount);
    },

    async remove({ id }: { id: string }): Promise<void> {
      if (!(await repo.softDelete(id))) throw notFound();
    },

    async restore({ id }: { id: string }): Promise<Collection> {
      const row = await repo.restore(id);
      if (!row) {
        if (await repo.findById(id, undefined)) throw new AppError('NOT_DELETED', 'This collection is not deleted.');
        throw notFound();
      }
      return toDto(row, (await repo.findById(id, undefined))?.productCount ?? 0);
    },

    async removePermanently({ id }: { id: string }): Promise<void> {
      if (!(await repo.hardDelete(id))) throw notFound();
    },

    /** Appends the product (or inserts it at `sortOrder`, shifting the rest down). */
    async addProduct({ id, productId, sortOrder, isHero }: { id: string; productId: string; sortOrder?: number | undefined; isHero: boolean }): Promise<CollectionItem[]> {
      await inCollection(id, async (tx) => {
        if (!(await tx.productExists(productId))) throw new AppError('PRODUCT_NOT_FOUND', 'Product not found.');
        if (await tx.member(id, productId)) throw new AppError('ALREADY_IN_COLLECTION', 'This product is already in the collection.');
        const size = await tx.memberCount(id);
        const position = Math.min(sortOrder ?? size, size);
        if (position < size) await tx.shift(id, position, null, 1);
        if (isHero) await tx.clearHero(id);
        await tx.insertMember({ collectionId: id, productId, sortOrder: position, isHero });
      });
      return this.productsList({ actor: { id: '', username: '', role: 'ADMIN' }, id });
    },

    async removeProduct({ id, productId }: { id: string; productId: string }): Promise<void> {
      await inCollection(id, async (tx) => {
        const m = await member(tx, id, productId);
        await tx.deleteMember(id, productId);
        await tx.shift(id, m.sortOrder + 1, null, -1);
      });
    },

    /** Moves a product to position `sortOrder` (clamped to the end); the pieces in between shift by one. */
    async moveProduct({ id, productId, sortOrder }: { id: string; productId: string; sortOrder: number }): Promise<CollectionItem[]> {
      await inCollection(id, async (tx) => {
        const m = await member(tx, id, productId);
        const target = Math.min(sortOrder, (await tx.memberCount(id)) - 1);
        if (target === m.sortOrder) return;
        if (target < m.sortOrder) await tx.shift(id, target, m.sortOrder - 1, 1);
        else await tx.shift(id, m.sortOrder + 1, target, -1);
        await tx.setMember(id, productId, { sortOrder: target });
      });
      return this.productsList({ actor: { id: '', username: '', role: 'ADMIN' }, id });
    },

    /** Makes the product the collection's hero (clearing the previous one), or clears it when it already is. */
    async toggleHero({ id, productId }: { id: string; productId: string }): Promise<CollectionItem[]> {
      await inCollection(id, async (tx) => {
        const m = await member(tx, id, productId);
        if (m.isHero) return tx.setMember(id, productId, { isHero: false });
        await tx.clearHero(id);
        await tx.setMember(id, productId, { isHero: true });
      });
      return this.productsList({ actor: { id: '', username: '', role: 'ADMIN' }, id });
    },

    async facets({ actor, filter }: { actor: Actor | null; filter: CollectionFilter }): Promise<z.infer<typeof CollectionFacetsSchema>> {
      const f = await repo.facets(repo.where(filter, actor?.role === 'ADMIN'));
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
        bySeason: Object.fromEntries(COLLECTION_SEASONS.map((season) => [season, s.bySeason.find((b) => b.season === season)?.count ?? 0])) as Record<CollectionSeason, number>,
        byYear: s.byYear,
        products: s.members,
        withoutHero: s.withoutHero,
      };
    },
  };
}

export type CollectionsService = ReturnType<typeof createCollectionsService>;
