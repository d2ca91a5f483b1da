import type { ComponentOptional, CreateComponentOptionalBody, Page, UpdateComponentOptionalBody } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { ComponentOptionalRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { isUniqueViolation, pgErrorOf } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import type { Actor } from '../../plugins/auth';
import type { TaxonomyPageQuery } from '../categories/categories.repo';
import { createComponentOptionalsRepo } from './component-optionals.repo';
import { audited } from '../audit/audit.service';

export function toComponentOptionalDto(row: ComponentOptionalRow): ComponentOptional {
  return {
    id: row.id,
    componentId: row.componentId,
    priceDelta: row.priceDelta,
    name: row.name,
    description: row.description,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const notFound = () => new AppError('COMPONENT_OPTIONAL_NOT_FOUND', 'Component optional not found.');
const parentNotFound = () => new AppError('COMPONENT_NOT_FOUND', 'Component not found.');
const nameTaken = () => new AppError('NAME_TAKEN', 'This component already has an optional with this name.', [{ path: 'name', message: 'This name is already used in the component.' }]);
const seesInactive = (actor: Actor | null) => actor?.role === 'ADMIN';

export function createComponentOptionalsService({ db }: { db: Db }) {
  const repo = createComponentOptionalsRepo(db);
  const repoIn = (tx: Db) => createComponentOptionalsRepo(tx);

  async function write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err, 'component_optionals_name_uq')) throw nameTaken();
      if (pgErrorOf(err)?.code === '23503') throw new AppError('UNPROCESSABLE', 'The component does not exist.', [{ path: 'componentId', message: 'No such component.' }]);
      throw err;
    }
  }

  async function assertParent(parentId: string) {
    if (!(await repo.parentExists(parentId))) throw new AppError('UNPROCESSABLE', 'The component does not exist.', [{ path: 'componentId', message: 'No such component.' }]);
  }

  return {
    async list({ actor, query, includeInactive, parentId }: { actor: Actor | null; query: TaxonomyPageQuery; includeInactive?: boolean | undefined; parentId?: string }): Promise<Page<ComponentOptional>> {
      const inactive = seesInactive(actor) && !!includeInactive;
      if (parentId && !(await repo.parentVisible(parentId, seesInactive(actor)))) throw parentNotFound();
      const { rows, total } = await repo.list(inactive, query, parentId);
      return toPage(rows.map(toComponentOptionalDto), total, query.page, query.size);
    },

    async get({ actor, id }: { actor: Actor | null; id: string }): Promise<ComponentOptional> {
      const row = await repo.findById(id, seesInactive(actor));
      if (!row) throw notFound();
      return toComponentOptionalDto(row);
    },

    async getByName({ actor, name }: { actor: Actor | null; name: string }): Promise<ComponentOptional> {
      const row = await repo.findByName(name, seesInactive(actor));
      if (!row) throw notFound();
      return toComponentOptionalDto(row);
    },

    async exists({ actor, name, parentId }: { actor: Actor | null; name: string; parentId?: string }): Promise<{ exists: boolean }> {
      return { exists: !!(await repo.findByName(name, seesInactive(actor), parentId)) };
    },

    async count({ actor }: { actor: Actor | null }): Promise<{ count: number }> {
      return { count: await repo.count(seesInactive(actor)) };
    },

    async create({ body }: { body: CreateComponentOptionalBody }): Promise<ComponentOptional> {
      await assertParent(body.componentId);
      if (await repo.findByName(body.name, true, body.componentId)) throw nameTaken();
      return toComponentOptionalDto(await write(() => audited(db, { type: 'COMPONENT_OPTIONAL', action: 'CREATE', created: (r) => r.id }, (tx: Db) => repoIn(tx).insert({ componentId: body.componentId, priceDelta: body.priceDelta, name: body.name, description: body.description ?? null, isActive: body.isActive }))));
    },

    async update({ id, patch }: { id: string; patch: UpdateComponentOptionalBody }): Promise<ComponentOptional> {
      const current = await repo.findById(id, true);
      if (!current) throw notFound();
      const parentId = patch.componentId ?? current.componentId;
      if (patch.componentId) await assertParent(patch.componentId);
      const name = patch.name ?? current.name;
      const clash = await repo.findByName(name, true, parentId);
      if (clash && clash.id !== id) throw nameTaken();
      const row = await write(() => audited(db, { type: 'COMPONENT_OPTIONAL', action: 'UPDATE', ids: [id] }, (tx) => repoIn(tx).update(id, patch)));
      if (!row) throw notFound();
      return toComponentOptionalDto(row);
    },

    async setActive({ id, isActive }: { id: string; isActive: boolean }): Promise<ComponentOptional> {
      const row = await audited(db, { type: 'COMPONENT_OPTIONAL', action: 'STATUS', ids: [id] }, (tx) => repoIn(tx).update(id, { isActive }));
      if (!row) throw notFound();
      return toComponentOptionalDto(row);
    },

    async remove({ id }: { id: string }): Promise<void> {
      if (!(await repo.findById(id, true))) throw notFound();
      await audited(db, { type: 'COMPONENT_OPTIONAL', action: 'DELETE', ids: [id] }, (tx) => repoIn(tx).delete(id));
    },
  };
}

export type ComponentOptionalsService = ReturnType<typeof createComponentOptionalsService>;
