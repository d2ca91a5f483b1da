import type { Page } from '@mirror/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUniqueViolation, pgErrorOf } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import type { Actor } from '../../plugins/auth';
import { audited } from '../audit/audit.service';
import type { TaxonomyPageQuery, TaxonomyRepo } from './taxonomy.repo';

// The one service of the configurator taxonomy: categories → components → component-optionals.
// Each level's own service declares its names, its parent, how its records are made and what a
// delete must not leave behind.

type Kind = 'CATEGORY' | 'COMPONENT' | 'COMPONENT_OPTIONAL';

/** The columns of a taxonomy row every rule reads. */
export interface TaxonomyRowBase {
  id: string;
  name: string;
}

export interface TaxonomyServiceSpec<Row, NewRow, Repo, Dto, Create> {
  /** The audit entity type, and the prefix of the not-found code (`COMPONENT_OPTIONAL_NOT_FOUND`). */
  kind: Kind;
  /** `a category`, `an optional`: the wording of the messages. */
  noun: string;
  /** The table's name, which prefixes its unique index on the name (`categories_name_uq`). */
  table: string;
  repo: (db: Db) => Repo;
  /** The level above: its kind and the field naming it in rows and bodies (`categoryId`). None for categories. */
  parent?: { kind: Kind; key: string };
  /** The row a create body inserts. */
  insert: (body: Create) => NewRow;
  /** The records of rows, with their counts in grouped queries for all of them (`seesAll`: ADMIN's counts). */
  present: (repo: Repo, rows: Row[], seesAll: boolean) => Promise<Dto[]>;
  /** The record of a row just created (nothing under it yet). */
  created: (row: Row) => Dto;
  /** What a delete answers while something still points at the entry (409); none: nothing can. */
  inUse?: string;
}

/** `COMPONENT_OPTIONAL` → `Component optional`. */
const wordsOf = (kind: Kind) => `${kind[0]}${kind.slice(1).toLowerCase().replace('_', ' ')}`;
const notFoundOf = (kind: Kind) => () => new AppError(`${kind}_NOT_FOUND`, `${wordsOf(kind)} not found.`);
/** Only an ADMIN sees deactivated entries. */
const seesInactive = (actor: Actor | null) => actor?.role === 'ADMIN';

export function createTaxonomyService<
  Row extends TaxonomyRowBase,
  NewRow,
  Repo extends TaxonomyRepo<Row, NewRow>,
  Dto,
  Create extends { name: string },
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names its update body: it types update() of the returned service, a return type the rule does not read (inferred)
  Update extends Partial<NewRow> & { name?: string | undefined },
>(spec: TaxonomyServiceSpec<Row, NewRow, Repo, Dto, Create>, { db }: { db: Db }) {
  const repo = spec.repo(db);
  const repoIn = (tx: Db) => spec.repo(tx);
  const type = spec.kind;
  const parent = spec.parent;
  // The parent's id sits under the level's own key (`categoryId`, `componentId`), in rows and bodies alike.
  const parentIn = (o: object) => (parent ? (o as Record<string, string | undefined>)[parent.key] : undefined);

  const notFound = notFoundOf(type);
  const parentNotFound = parent ? notFoundOf(parent.kind) : notFound;
  const nameTaken = () => {
    const parentNoun = parent && wordsOf(parent.kind).toLowerCase();
    return parentNoun
      ? new AppError('NAME_TAKEN', `This ${parentNoun} already has ${spec.noun} with this name.`, [
          { path: 'name', message: `This name is already used in the ${parentNoun}.` },
        ])
      : new AppError('NAME_TAKEN', `${spec.noun[0]!.toUpperCase()}${spec.noun.slice(1)} with this name already exists.`, [
          { path: 'name', message: 'This name is already used.' },
        ]);
  };
  const noSuchParent = () => {
    const parentNoun = wordsOf(parent!.kind).toLowerCase();
    return new AppError('UNPROCESSABLE', `The ${parentNoun} does not exist.`, [{ path: parent!.key, message: `No such ${parentNoun}.` }]);
  };
  const one = async (row: Row, seesAll: boolean) => (await spec.present(repo, [row], seesAll))[0]!;

  async function write<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (isUniqueViolation(err, `${spec.table}_name_uq`)) throw nameTaken();
      if (parent && pgErrorOf(err)?.code === '23503') throw noSuchParent();
      throw err;
    }
  }

  async function assertParent(parentId: string) {
    if (!(await repo.parentExists(parentId))) throw noSuchParent();
  }

  return {
    async list({
      actor,
      query,
      includeInactive,
      parentId,
    }: {
      actor: Actor | null;
      query: TaxonomyPageQuery;
      includeInactive?: boolean | undefined;
      parentId?: string;
    }): Promise<Page<Dto>> {
      const inactive = seesInactive(actor) && !!includeInactive;
      if (parentId && !(await repo.parentVisible(parentId, seesInactive(actor)))) throw parentNotFound();
      const { rows, total } = await repo.list(inactive, query, parentId);
      return toPage(await spec.present(repo, rows, seesInactive(actor)), total, query.page, query.size);
    },

    async get({ actor, id }: { actor: Actor | null; id: string }): Promise<Dto> {
      const row = await repo.findById(id, seesInactive(actor));
      if (!row) throw notFound();
      return one(row, seesInactive(actor));
    },

    async getByName({ actor, name }: { actor: Actor | null; name: string }): Promise<Dto> {
      const row = await repo.findByName(name, seesInactive(actor));
      if (!row) throw notFound();
      return one(row, seesInactive(actor));
    },

    async exists({ actor, name, parentId }: { actor: Actor | null; name: string; parentId?: string }): Promise<{ exists: boolean }> {
      return { exists: !!(await repo.findByName(name, seesInactive(actor), parentId)) };
    },

    async count({ actor }: { actor: Actor | null }): Promise<{ count: number }> {
      return { count: await repo.count(seesInactive(actor)) };
    },

    async create({ body }: { body: Create }): Promise<Dto> {
      const parentId = parentIn(body);
      if (parentId) await assertParent(parentId);
      if (await repo.findByName(body.name, true, parentId)) throw nameTaken();
      return spec.created(
        await write(() => audited(db, { type, action: 'CREATE', created: (r) => r.id }, (tx: Db) => repoIn(tx).insert(spec.insert(body)))),
      );
    },

    /** A name is looked up only when it or the parent changes: names are unique within a parent. */
    async update({ id, patch }: { id: string; patch: Update }): Promise<Dto> {
      const current = await repo.findById(id, true);
      if (!current) throw notFound();
      const movedTo = parentIn(patch);
      if (movedTo) await assertParent(movedTo);
      const name = patch.name ?? current.name;
      const parentId = movedTo ?? parentIn(current);
      if (name.toLowerCase() !== current.name.toLowerCase() || parentId !== parentIn(current)) {
        const clash = await repo.findByName(name, true, parentId);
        if (clash && clash.id !== id) throw nameTaken();
      }
      const row = await write(() => audited(db, { type, action: 'UPDATE', ids: [id] }, (tx) => repoIn(tx).update(id, patch)));
      if (!row) throw notFound();
      return one(row, true);
    },

    async setActive({ id, isActive }: { id: string; isActive: boolean }): Promise<Dto> {
      const row = await audited(db, { type, action: 'STATUS', ids: [id] }, (tx) => repoIn(tx).update(id, { isActive }));
      if (!row) throw notFound();
      return one(row, true);
    },

    /** Deletes an entry nothing points at; one still in use answers 409 (deactivate it instead). */
    async remove({ id }: { id: string }): Promise<void> {
      if (!(await repo.findById(id, true))) throw notFound();
      const inUse = () => new AppError('IN_USE', spec.inUse!);
      if (spec.inUse && (await repo.isReferenced(id))) throw inUse();
      try {
        await audited(db, { type, action: 'DELETE', ids: [id] }, (tx) => repoIn(tx).delete(id));
      } catch (err) {
        if (spec.inUse && pgErrorOf(err)?.code === '23503') throw inUse();
        throw err;
      }
    },
  };
}
