import type { Category, CreateCategoryBody, Page, UpdateCategoryBody } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { CategoryRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { isUniqueViolation, pgErrorOf } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import type { Actor } from '../../plugins/auth';
import { createCategoriesRepo, type TaxonomyPageQuery } from './categories.repo';
import { audited } from '../audit/audit.service';

export function toCategoryDto(row: CategoryRow, counts: { productCount: number; componentCount: number }): Category {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    productCount: counts.productCount,
    componentCount: counts.componentCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('CATEGORY_NOT_FOUND', 'Category not found.');
const nameTaken = () => new AppError('NAME_TAKEN', 'A category with this name already exists.', [{ path: 'name', message: 'This name is already used.' }]);
/** Only an ADMIN sees deactivated entries. */
const seesInactive = (actor: Actor | null) => actor?.role === 'ADMIN';

export function createCategoriesService({ db }: { db: Db }) {
  const repo = createCategoriesRepo(db);
  const repoIn = (tx: Db) => createCategoriesRepo(tx);

  /** DTOs with their counts: two grouped queries for the whole page, whatever its size. */
  async function withCounts(rows: CategoryRow[], actor: Actor | null): Promise<Category[]> {
    const ids = rows.map((r) => r.id);
    const isAdmin = seesInactive(actor);
    const [productCounts, componentCounts] = await Promise.all([repo.productCounts(ids, isAdmin ? 'all' : 'live'), repo.componentCounts(ids, isAdmin)]);
    return rows.map((r) => toCategoryDto(r, { productCount: productCounts.get(r.id) ?? 0, componentCount: componentCounts.get(r.id) ?? 0 }));
  }
  const one = async (row: CategoryRow, actor: Actor | null) => (await withCounts([row], actor))[0]!;
  const asAdmin: Actor = { id: '', username: '', role: 'ADMIN', vendorId: null, designerId: null };

  async function write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err, 'categories_name_uq')) throw nameTaken();
      throw err;
    }
  }

  return {
    async list({ actor, query, includeInactive }: { actor: Actor | null; query: TaxonomyPageQuery; includeInactive?: boolean | undefined }): Promise<Page<Category>> {
      const { rows, total } = await repo.list(seesInactive(actor) && !!includeInactive, query);
      return toPage(await withCounts(rows, actor), total, query.page, query.size);
    },

    async get({ actor, id }: { actor: Actor | null; id: string }): Promise<Category> {
      const row = await repo.findById(id, seesInactive(actor));
      if (!row) throw notFound();
      return one(row, actor);
    },

    async getByName({ actor, name }: { actor: Actor | null; name: string }): Promise<Category> {
      const row = await repo.findByName(name, seesInactive(actor));
      if (!row) throw notFound();
      return one(row, actor);
    },

    async exists({ actor, name }: { actor: Actor | null; name: string }): Promise<{ exists: boolean }> {
      return { exists: !!(await repo.findByName(name, seesInactive(actor))) };
    },

    async count({ actor }: { actor: Actor | null }): Promise<{ count: number }> {
      return { count: await repo.count(seesInactive(actor)) };
    },

    async create({ body }: { body: CreateCategoryBody }): Promise<Category> {
      if (await repo.findByName(body.name, true)) throw nameTaken();
      return toCategoryDto(await write(() => audited(db, { type: 'CATEGORY', action: 'CREATE', created: (r) => r.id }, (tx: Db) => repoIn(tx).insert({ name: body.name, description: body.description ?? null, isActive: body.isActive }))), { productCount: 0, componentCount: 0 });
    },

    async update({ id, patch }: { id: string; patch: UpdateCategoryBody }): Promise<Category> {
      const current = await repo.findById(id, true);
      if (!current) throw notFound();
      if (patch.name !== undefined && patch.name.toLowerCase() !== current.name.toLowerCase() && (await repo.findByName(patch.name, true))) throw nameTaken();
      const row = await write(() => audited(db, { type: 'CATEGORY', action: 'UPDATE', ids: [id] }, (tx) => repoIn(tx).update(id, patch)));
      if (!row) throw notFound();
      return one(row, asAdmin);
    },

    async setActive({ id, isActive }: { id: string; isActive: boolean }): Promise<Category> {
      const row = await audited(db, { type: 'CATEGORY', action: 'STATUS', ids: [id] }, (tx) => repoIn(tx).update(id, { isActive }));
      if (!row) throw notFound();
      return one(row, asAdmin);
    },

    /** Deletes an unused category; one still used by products or components answers 409 (deactivate it instead). */
    async remove({ id }: { id: string }): Promise<void> {
      if (!(await repo.findById(id, true))) throw notFound();
      const inUse = () => new AppError('IN_USE', 'This category is still used by products or components. Deactivate it instead.');
      if (await repo.isReferenced(id)) throw inUse();
      try {
        await audited(db, { type: 'CATEGORY', action: 'DELETE', ids: [id] }, (tx) => repoIn(tx).delete(id));
      } catch (err) {
        if (pgErrorOf(err)?.code === '23503') throw inUse();
        throw err;
      }
    },
  };
}

export type CategoriesService = ReturnType<typeof createCategoriesService>;
