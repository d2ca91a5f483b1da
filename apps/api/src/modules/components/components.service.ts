import type { Component, CreateComponentBody, Page, UpdateComponentBody } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { ComponentRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { isUniqueViolation, pgErrorOf } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import type { Actor } from '../../plugins/auth';
import type { TaxonomyPageQuery } from '../categories/categories.repo';
import { createComponentsRepo } from './components.repo';
import { audited } from '../audit/audit.service';

export function toComponentDto(row: ComponentRow, optionalCount: number): Component {
  return {
    id: row.id,
    categoryId: row.categoryId,
    optionalCount,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('COMPONENT_NOT_FOUND', 'Component not found.');
const parentNotFound = () => new AppError('CATEGORY_NOT_FOUND', 'Category not found.');
const nameTaken = () => new AppError('NAME_TAKEN', 'This category already has a component with this name.', [{ path: 'name', message: 'This name is already used in the category.' }]);
const seesInactive = (actor: Actor | null) => actor?.role === 'ADMIN';

export function createComponentsService({ db }: { db: Db }) {
  const repo = createComponentsRepo(db);
  const repoIn = (tx: Db) => createComponentsRepo(tx);

  /** DTOs with their optional counts: one grouped query for the whole page. */
  async function withCounts(rows: ComponentRow[], actor: Actor | null): Promise<Component[]> {
    const counts = await repo.optionalCounts(
      rows.map((r) => r.id),
      seesInactive(actor),
    );
    return rows.map((r) => toComponentDto(r, counts.get(r.id) ?? 0));
  }
  const one = async (row: ComponentRow, actor: Actor | null) => (await withCounts([row], actor))[0]!;
  const asAdmin: Actor = { id: '', username: '', role: 'ADMIN', vendorId: null, designerId: null };

  async function write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err, 'components_name_uq')) throw nameTaken();
      if (pgErrorOf(err)?.code === '23503') throw new AppError('UNPROCESSABLE', 'The category does not exist.', [{ path: 'categoryId', message: 'No such category.' }]);
      throw err;
    }
  }

  async function assertParent(parentId: string) {
    if (!(await repo.parentExists(parentId))) throw new AppError('UNPROCESSABLE', 'The category does not exist.', [{ path: 'categoryId', message: 'No such category.' }]);
  }

  return {
    async list({ actor, query, includeInactive, parentId }: { actor: Actor | null; query: TaxonomyPageQuery; includeInactive?: boolean | undefined; parentId?: string }): Promise<Page<Component>> {
      const inactive = seesInactive(actor) && !!includeInactive;
      if (parentId && !(await repo.parentVisible(parentId, seesInactive(actor)))) throw parentNotFound();
      const { rows, total } = await repo.list(inactive, query, parentId);
      return toPage(await withCounts(rows, actor), total, query.page, query.size);
    },

    async get({ actor, id }: { actor: Actor | null; id: string }): Promise<Component> {
      const row = await repo.findById(id, seesInactive(actor));
      if (!row) throw notFound();
      return one(row, actor);
    },

    async getByName({ actor, name }: { actor: Actor | null; name: string }): Promise<Component> {
      const row = await repo.findByName(name, seesInactive(actor));
      if (!row) throw notFound();
      return one(row, actor);
    },

    async exists({ actor, name, parentId }: { actor: Actor | null; name: string; parentId?: string }): Promise<{ exists: boolean }> {
      return { exists: !!(await repo.findByName(name, seesInactive(actor), parentId)) };
    },

    async count({ actor }: { actor: Actor | null }): Promise<{ count: number }> {
      return { count: await repo.count(seesInactive(actor)) };
    },

    async create({ body }: { body: CreateComponentBody }): Promise<Component> {
      await assertParent(body.categoryId);
      if (await repo.findByName(body.name, true, body.categoryId)) throw nameTaken();
      return toComponentDto(await write(() => audited(db, { type: 'COMPONENT', action: 'CREATE', created: (r) => r.id }, (tx: Db) => repoIn(tx).insert({ categoryId: body.categoryId, name: body.name, description: body.description ?? null, isActive: body.isActive }))), 0);
    },

    async update({ id, patch }: { id: string; patch: UpdateComponentBody }): Promise<Component> {
      const current = await repo.findById(id, true);
      if (!current) throw notFound();
      const parentId = patch.categoryId ?? current.categoryId;
      if (patch.categoryId) await assertParent(patch.categoryId);
      const name = patch.name ?? current.name;
      const clash = await repo.findByName(name, true, parentId);
      if (clash && clash.id !== id) throw nameTaken();
      const row = await write(() => audited(db, { type: 'COMPONENT', action: 'UPDATE', ids: [id] }, (tx) => repoIn(tx).update(id, patch)));
      if (!row) throw notFound();
      return one(row, asAdmin);
    },

    async setActive({ id, isActive }: { id: string; isActive: boolean }): Promise<Component> {
      const row = await audited(db, { type: 'COMPONENT', action: 'STATUS', ids: [id] }, (tx) => repoIn(tx).update(id, { isActive }));
      if (!row) throw notFound();
      return one(row, asAdmin);
    },

    async remove({ id }: { id: string }): Promise<void> {
      if (!(await repo.findById(id, true))) throw notFound();
      const inUse = () => new AppError('IN_USE', 'This component still has optionals. Deactivate it instead.');
      if (await repo.isReferenced(id)) throw inUse();
      try {
        await audited(db, { type: 'COMPONENT', action: 'DELETE', ids: [id] }, (tx) => repoIn(tx).delete(id));
      } catch (err) {
        if (pgErrorOf(err)?.code === '23503') throw inUse();
        throw err;
      }
    },
  };
}

export type ComponentsService = ReturnType<typeof createComponentsService>;
