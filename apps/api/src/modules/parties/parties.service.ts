import type { Page, PartyDashboard, PartyListQuery, PartySearchQuery, ProductListQuery, ProductPage } from '@mirror/contract';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import type { AuthStateChanged } from '../../lib/auth-state-cache';
import type { Actor } from '../../plugins/auth';
import type { ProductsService } from '../products/products.service';
import { audited } from '../audit/audit.service';
import type { PartyFilter, PartyRepo, PartyViewer } from './parties.repo';

// The one service of designers and vendors ("parties"). Each party's own service declares its
// names, its record's own fields, its list filters and how its pieces are listed.

const RECENT_ORDERS = 5;

/** The columns of a party row every rule reads. */
export interface PartyRowBase {
  id: string;
  code: string;
  userId: string | null;
  isActive: boolean;
  isVerified: boolean;
  isFeatured: boolean;
  createdAt: Date;
  updatedAt: Date;
  deletedAt: Date | null;
}

export type PartyListBase = Pick<PartyListQuery, 'page' | 'size' | 'sort'> &
  Partial<Pick<PartyListQuery, 'verified' | 'featured' | 'active' | 'includeDeleted'>>;

export interface PartyServiceSpec<
  Row extends PartyRowBase,
  NewRow,
  F extends PartyFilter,
  Facets,
  Fields,
  K extends string,
  LQ extends PartyListQuery,
> {
  /** The role that owns a profile, the audit entity type, and the prefix of the party's error codes. */
  kind: 'DESIGNER' | 'VENDOR';
  /** `designer`, `vendor`: the wording of the messages. */
  noun: string;
  /** `a designer profile`, `a vendor`: what an account owns or is linked to. */
  profile: string;
  /** The table's name, which prefixes its unique constraints (`designers_code_uq`). */
  table: string;
  /** The dashboard's key for the record (`designer`, `vendor`). */
  dashboardKey: K;
  repo: (db: Db) => PartyRepo<Row, NewRow, F, Facets>;
  /** The record's own fields, between `code` and the owner (the contract's order). */
  fields: (row: Row) => Fields;
  /** The fields the owner may change; everything else is ADMIN's. */
  profileFields: readonly string[];
  /** The list query's own filters (text, country, specialty or type). */
  listFilter: (query: LQ) => F;
  /** Whose pieces, in the products list's filter (the list query's own filters are added by the core). */
  piecesOwner: (partyId: string, query: ProductListQuery) => Partial<PiecesFilter>;
}

type PiecesFilter = Parameters<ProductsService['list']>[0]['filter'];

/** The products list's own filters of a party's pieces, with that list's visibility (live pieces unless ADMIN or the owner). */
function piecesFilter(query: ProductListQuery): PiecesFilter {
  const { categoryId, metalType, featured, availability, minPrice, maxPrice, status, includeDeleted } = query;
  return { categoryId, metalType, featured, availability, minPrice, maxPrice, status, includeDeleted };
}

export interface PartyServiceDeps {
  db: Db;
  products: ProductsService;
  /** The account a profile is linked to acts for it: a link made or undone changes that account's sign-in state. */
  authStateChanged?: AuthStateChanged;
}

export function createPartyService<
  Row extends PartyRowBase,
  NewRow,
  F extends PartyFilter,
  Facets,
  Fields,
  K extends string,
  LQ extends PartyListQuery,
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-parameters -- the caller names its create body: it types create() of the returned service, a return type the rule does not read (inferred)
  Create,
  Update extends object,
>(spec: PartyServiceSpec<Row, NewRow, F, Facets, Fields, K, LQ>, { db, products, authStateChanged = () => undefined }: PartyServiceDeps) {
  type Dto = { id: string; code: string } & Fields & {
      userId?: string | null;
      isActive: boolean;
      isVerified: boolean;
      isFeatured: boolean;
      createdAt: string;
      updatedAt: string;
      deletedAt: string | null;
    };
  type Dashboard = PartyDashboard & Record<K, Dto>;
  const repo = spec.repo(db);
  const repoIn = (tx: Db) => spec.repo(tx);
  const role = spec.kind;

  /** `userId` (the owning account) is shown to ADMIN and to the owner only. */
  function toDto(row: Row, actor: Actor | null): Dto {
    const showOwner = actor?.role === 'ADMIN' || (!!actor && actor.id === row.userId);
    return {
      id: row.id,
      code: row.code,
      ...spec.fields(row),
      ...(showOwner ? { userId: row.userId } : {}),
      isActive: row.isActive,
      isVerified: row.isVerified,
      isFeatured: row.isFeatured,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      deletedAt: row.deletedAt?.toISOString() ?? null,
    };
  }

  const notFound = () => new AppError(`${role}_NOT_FOUND`, `${spec.noun[0]!.toUpperCase()}${spec.noun.slice(1)} not found.`);
  const forbidden = (details?: { path: string; message: string }[]) =>
    new AppError('FORBIDDEN', 'You do not have permission to do this.', details);
  const isAdmin = (actor: Actor | null) => actor?.role === 'ADMIN';
  const viewerOf = (actor: Actor | null): PartyViewer => ({ isAdmin: isAdmin(actor), userId: actor?.id ?? null });

  function mapWriteError(err: unknown): never {
    if (isUniqueViolation(err, `${spec.table}_code_uq`)) {
      throw new AppError('CODE_TAKEN', `A ${spec.noun} with this code already exists.`, [
        { path: 'code', message: 'This code is already used.' },
      ]);
    }
    if (isUniqueViolation(err, `${spec.table}_user_uq`)) {
      const message = `This account already owns ${spec.profile}.`;
      throw new AppError('OWNER_TAKEN', message, [{ path: 'userId', message }]);
    }
    throw err;
  }

  /** The owner must be a live account of the party's role. */
  async function assertOwner(userId: string | null | undefined) {
    if (!userId) return;
    const owner = await repo.roleOfUser(userId);
    if (owner !== role) {
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
        { path: 'userId', message: owner ? `The owner must be a user with the ${role} role.` : 'No such user.' },
      ]);
    }
  }

  async function load(actor: Actor | null, id: string): Promise<Row> {
    const row = await repo.findById(id, viewerOf(actor));
    if (!row) throw notFound();
    return row;
  }

  async function pageOf(actor: Actor | null, filter: F, query: PartyListBase): Promise<Page<Dto>> {
    const admin = isAdmin(actor);
    const scoped: F = {
      ...filter,
      verified: filter.verified ?? query.verified,
      featured: filter.featured ?? query.featured,
      active: admin ? query.active : undefined,
      includeDeleted: admin ? query.includeDeleted : undefined,
    };
    const { rows, total } = await repo.list(viewerOf(actor), scoped, query.sort, { offset: query.page * query.size, size: query.size });
    return toPage(
      rows.map((r) => toDto(r, actor)),
      total,
      query.page,
      query.size,
    );
  }

  async function ownRow(actor: Actor): Promise<Row> {
    const row = await repo.findByOwner(actor.id);
    if (!row) throw new AppError(`${role}_NOT_LINKED`, `Your account is not linked to ${spec.profile} yet. Please contact Mirror.`);
    return row;
  }

  async function dashboardOf(actor: Actor, row: Row): Promise<Dashboard> {
    const { pieces, sales, recent } = await repo.dashboard(row.id, RECENT_ORDERS);
    const figures: PartyDashboard = {
      pieces: pieces.pieces,
      livePieces: pieces.live,
      featuredPieces: pieces.featured,
      stockUnits: pieces.stock,
      ordersCount: sales.reduce((n, s) => n + s.orders, 0),
      unitsSold: sales.reduce((n, s) => n + s.units, 0),
      revenue: sales.map((s) => ({ amount: s.amount, currency: s.currency })),
      recentOrders: recent.map((o) => ({
        id: o.id,
        number: o.number,
        status: o.status,
        createdAt: o.createdAt.toISOString(),
        units: o.units,
        amount: { amount: o.amount, currency: o.currency },
      })),
    };
    return { [spec.dashboardKey]: toDto(row, actor), ...figures } as Dashboard;
  }

  async function update({ actor, id, patch }: { actor: Actor; id: string; patch: Update }): Promise<Dto> {
    const current = await load(actor, id);
    if (current.deletedAt) throw notFound();
    if (!isAdmin(actor)) {
      if (current.userId !== actor.id) throw forbidden();
      const refused = Object.keys(patch).filter((k) => !spec.profileFields.includes(k));
      if (refused.length) throw forbidden(refused.map((path) => ({ path, message: 'Only Mirror can change this field.' })));
    }
    const owner = (patch as { userId?: string | null }).userId;
    if (owner !== undefined) await assertOwner(owner);
    try {
      const row = await audited(db, { type: role, action: 'UPDATE', ids: [id] }, (tx) => repoIn(tx).update(id, patch as Partial<NewRow>));
      if (!row) throw notFound();
      if (owner !== undefined) authStateChanged([current.userId, row.userId]);
      return toDto(row, actor);
    } catch (err) {
      mapWriteError(err);
    }
  }

  return {
    toDto,

    /** `filter=current-user`: the caller's own profile (active or not) as a page of zero or one. */
    async list({ actor, query }: { actor: Actor | null; query: LQ }): Promise<Page<Dto>> {
      if (query.filter !== 'current-user') return pageOf(actor, spec.listFilter(query), query);
      if (!actor) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
      const own = await repo.findByOwner(actor.id);
      const content = own && query.page === 0 ? [toDto(own, actor)] : [];
      return toPage(content, own ? 1 : 0, query.page, query.size);
    },

    async listBy({ actor, filter, query }: { actor: Actor | null; filter: F; query: PartyListBase }): Promise<Page<Dto>> {
      return pageOf(actor, filter, query);
    },

    async search({ actor, query }: { actor: Actor | null; query: PartySearchQuery }): Promise<Page<Dto>> {
      return pageOf(actor, { search: query.search || undefined } as F, { ...query, sort: { field: 'name', direction: 'asc' } });
    },

    async get({ actor, id }: { actor: Actor | null; id: string }): Promise<Dto> {
      return toDto(await load(actor, id), actor);
    },

    async getByCode({ actor, code }: { actor: Actor | null; code: string }): Promise<Dto> {
      const row = await repo.findByCode(code, viewerOf(actor));
      if (!row) throw notFound();
      return toDto(row, actor);
    },

    /** For ADMIN: whether the code is taken (deleted records keep theirs). For others: whether a visible record has it. */
    async exists({ actor, code }: { actor: Actor | null; code: string }): Promise<{ exists: boolean }> {
      return { exists: !!(await repo.findByCode(code, viewerOf(actor), isAdmin(actor))) };
    },

    async facets({ actor }: { actor: Actor | null }): Promise<Facets> {
      return repo.facets(viewerOf(actor));
    },

    async count({ actor }: { actor: Actor | null }): Promise<{ count: number }> {
      return { count: await repo.count(viewerOf(actor)) };
    },

    async create({ actor, body }: { actor: Actor; body: Create }): Promise<Dto> {
      await assertOwner((body as { userId?: string | null }).userId);
      try {
        const row = await audited(db, { type: role, action: 'CREATE', created: (r) => r.id }, (tx: Db) =>
          repoIn(tx).insert(body as unknown as NewRow),
        );
        authStateChanged([row.userId]);
        return toDto(row, actor);
      } catch (err) {
        mapWriteError(err);
      }
    },

    /** ADMIN changes anything; the owner only its profile fields (403 naming any other field). */
    update,

    async setActive({ actor, id, active }: { actor: Actor; id: string; active: boolean }): Promise<Dto> {
      const row = await audited(db, { type: role, action: 'STATUS', ids: [id] }, (tx) => repoIn(tx).update(id, { isActive: active }));
      if (!row) throw notFound();
      return toDto(row, actor);
    },

    /** Soft delete; the owning account is released so it can be linked to a new profile. */
    async softDelete({ id }: { id: string }): Promise<void> {
      let owner: string | null = null;
      const row = await audited(db, { type: role, action: 'DELETE', ids: [id] }, async (tx) => {
        owner = (await repoIn(tx).findById(id, { isAdmin: true, userId: null }))?.userId ?? null;
        return repoIn(tx).update(id, { deletedAt: new Date(), userId: null });
      });
      if (!row) throw notFound();
      authStateChanged([owner]);
    },

    /** The party's pieces, with the products list's own visibility. */
    async pieces({ actor, id, query }: { actor: Actor | null; id: string; query: ProductListQuery }): Promise<ProductPage> {
      const party = await load(actor, id);
      const { page, size, sort, after, before } = query;
      return products.list({
        actor,
        filter: { ...piecesFilter(query), ...spec.piecesOwner(party.id, query) },
        query: { page, size, sort, after, before },
      });
    },

    /** ADMIN, or the party's own account. */
    async dashboard({ actor, id }: { actor: Actor; id: string }): Promise<Dashboard> {
      const row = await load(actor, id);
      if (!isAdmin(actor) && row.userId !== actor.id) throw forbidden();
      return dashboardOf(actor, row);
    },

    async ownDashboard({ actor }: { actor: Actor }): Promise<Dashboard> {
      return dashboardOf(actor, await ownRow(actor));
    },

    /** The signed-in account's own profile, active or not. */
    async own({ actor }: { actor: Actor }): Promise<Dto> {
      return toDto(await ownRow(actor), actor);
    },

    /** The owner's rules of `update` (profile fields only; code, flags, owner → 403). */
    async updateOwn({ actor, patch }: { actor: Actor; patch: Update }): Promise<Dto> {
      return update({ actor, id: (await ownRow(actor)).id, patch });
    },
  };
}
