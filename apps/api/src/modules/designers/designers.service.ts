import type {
  CreateDesignerBody,
  Designer,
  DesignerDashboard,
  Page,
  DesignerListQuery,
  DesignerFacets,
  PartyListQuery,
  PartySearchQuery,
  ProductListQuery,
  ProductPage,
  UpdateDesignerBody,
} from '@mirror/contract';
import { DESIGNER_PROFILE_FIELDS } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { DesignerRow, NewDesignerRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import { fileUrl } from '../../lib/storage/storage';
import type { Actor } from '../../plugins/auth';
import type { ProductsService } from '../products/products.service';
import { createDesignersRepo, type DesignerFilter, type DesignerViewer } from './designers.repo';
import { audited } from '../audit/audit.service';

const RECENT_ORDERS = 5;

/** `userId` (the owning account) is shown to ADMIN and to the owner only. */
export function toDesignerDto(row: DesignerRow, actor: Actor | null): Designer {
  const showOwner = actor?.role === 'ADMIN' || (!!actor && actor.id === row.userId);
  return {
    id: row.id,
    code: row.code,
    displayName: row.displayName,
    specialty: row.specialty,
    bio: row.bio,
    email: row.email,
    website: row.website,
    country: row.country,
    avatarKey: row.avatarKey,
    avatarUrl: row.avatarKey ? fileUrl(row.avatarKey) : null,
    ...(showOwner ? { userId: row.userId } : {}),
    isActive: row.isActive,
    isVerified: row.isVerified,
    isFeatured: row.isFeatured,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

const notFound = () => new AppError('DESIGNER_NOT_FOUND', 'Designer not found.');
const forbidden = (details?: { path: string; message: string }[]) => new AppError('FORBIDDEN', 'You do not have permission to do this.', details);
const isAdmin = (actor: Actor | null) => actor?.role === 'ADMIN';
const viewerOf = (actor: Actor | null): DesignerViewer => ({ isAdmin: isAdmin(actor), userId: actor?.id ?? null });

type ListQuery = Pick<PartyListQuery, 'page' | 'size' | 'sort'> & Partial<Pick<PartyListQuery, 'verified' | 'featured' | 'active' | 'includeDeleted'>>;

export function createDesignersService({ db, products }: { db: Db; products: ProductsService }) {
  const repo = createDesignersRepo(db);
  const repoIn = (tx: Db) => createDesignersRepo(tx);

  function mapWriteError(err: unknown): never {
    if (isUniqueViolation(err, 'designers_code_uq')) {
      throw new AppError('CODE_TAKEN', 'A designer with this code already exists.', [{ path: 'code', message: 'This code is already used.' }]);
    }
    if (isUniqueViolation(err, 'designers_user_uq')) {
      throw new AppError('OWNER_TAKEN', 'This account already owns a designer profile.', [{ path: 'userId', message: 'This account already owns a designer profile.' }]);
    }
    throw err;
  }

  /** The owner must be a live DESIGNER account. */
  async function assertOwner(userId: string | null | undefined) {
    if (!userId) return;
    const role = await repo.roleOfUser(userId);
    if (role !== 'DESIGNER') {
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
        { path: 'userId', message: role ? 'The owner must be a user with the DESIGNER role.' : 'No such user.' },
      ]);
    }
  }

  async function load(actor: Actor | null, id: string): Promise<DesignerRow> {
    const row = await repo.findById(id, viewerOf(actor));
    if (!row) throw notFound();
    return row;
  }

  async function pageOf(actor: Actor | null, filter: DesignerFilter, query: ListQuery): Promise<Page<Designer>> {
    const admin = isAdmin(actor);
    const scoped: DesignerFilter = {
      ...filter,
      verified: filter.verified ?? query.verified,
      featured: filter.featured ?? query.featured,
      active: admin ? query.active : undefined,
      includeDeleted: admin ? query.includeDeleted : undefined,
    };
    const { rows, total } = await repo.list(viewerOf(actor), scoped, query.sort, { offset: query.page * query.size, size: query.size });
    return toPage(
      rows.map((r) => toDesignerDto(r, actor)),
      total,
      query.page,
      query.size,
    );
  }

  async function ownRow(actor: Actor): Promise<DesignerRow> {
    const row = await repo.findByOwner(actor.id);
    if (!row) throw new AppError('DESIGNER_NOT_LINKED', 'Your account is not linked to a designer profile yet. Please contact Mirror.');
    return row;
  }

  async function dashboardOf(actor: Actor, row: DesignerRow): Promise<DesignerDashboard> {
    const { pieces, sales, recent } = await repo.dashboard(row.id, RECENT_ORDERS);
    return {
      designer: toDesignerDto(row, actor),
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
  }

  return {
    /** `filter=current-user`: the caller's own profile (active or not) as a page of zero or one. */
    async list({ actor, query }: { actor: Actor | null; query: DesignerListQuery }): Promise<Page<Designer>> {
      if (query.filter !== 'current-user') return pageOf(actor, { search: query.q || undefined, specialty: query.specialty, country: query.country }, query);
      if (!actor) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
      const own = await repo.findByOwner(actor.id);
      const content = own && query.page === 0 ? [toDesignerDto(own, actor)] : [];
      return toPage(content, own ? 1 : 0, query.page, query.size);
    },

    async listBy({ actor, filter, query }: { actor: Actor | null; filter: DesignerFilter; query: ListQuery }): Promise<Page<Designer>> {
      return pageOf(actor, filter, query);
    },

    async search({ actor, query }: { actor: Actor | null; query: PartySearchQuery }): Promise<Page<Designer>> {
      return pageOf(actor, { search: query.search || undefined }, { ...query, sort: { field: 'name', direction: 'asc' } });
    },

    async get({ actor, id }: { actor: Actor | null; id: string }): Promise<Designer> {
      return toDesignerDto(await load(actor, id), actor);
    },

    async getByCode({ actor, code }: { actor: Actor | null; code: string }): Promise<Designer> {
      const row = await repo.findByCode(code, viewerOf(actor));
      if (!row) throw notFound();
      return toDesignerDto(row, actor);
    },

    /** For ADMIN: whether the code is taken (deleted records keep theirs). For others: whether a visible designer has it. */
    async exists({ actor, code }: { actor: Actor | null; code: string }): Promise<{ exists: boolean }> {
      return { exists: !!(await repo.findByCode(code, viewerOf(actor), isAdmin(actor))) };
    },

    async facets({ actor }: { actor: Actor | null }): Promise<DesignerFacets> {
      return repo.facets(viewerOf(actor));
    },

    async count({ actor }: { actor: Actor | null }): Promise<{ count: number }> {
      return { count: await repo.count(viewerOf(actor)) };
    },

    async create({ actor, body }: { actor: Actor; body: CreateDesignerBody }): Promise<Designer> {
      await assertOwner(body.userId);
      try {
        return toDesignerDto(await audited(db, { type: 'DESIGNER', action: 'CREATE', created: (r) => r.id }, (tx: Db) => repoIn(tx).insert(body)), actor);
      } catch (err) {
        mapWriteError(err);
      }
    },

    /** ADMIN changes anything; the owner only its profile fields (403 naming any other field). */
    async update({ actor, id, patch }: { actor: Actor; id: string; patch: UpdateDesignerBody }): Promise<Designer> {
      const current = await load(actor, id);
      if (current.deletedAt) throw notFound();
      if (!isAdmin(actor)) {
        if (current.userId !== actor.id) throw forbidden();
        const profile: readonly string[] = DESIGNER_PROFILE_FIELDS;
        const refused = Object.keys(patch).filter((k) => !profile.includes(k));
        if (refused.length) throw forbidden(refused.map((path) => ({ path, message: 'Only Mirror can change this field.' })));
      }
      if (patch.userId !== undefined) await assertOwner(patch.userId);
      try {
        const row = await audited(db, { type: 'DESIGNER', action: 'UPDATE', ids: [id] }, (tx) => repoIn(tx).update(id, patch as Partial<NewDesignerRow>));
        if (!row) throw notFound();
        return toDesignerDto(row, actor);
      } catch (err) {
        mapWriteError(err);
      }
    },

    async setActive({ actor, id, active }: { actor: Actor; id: string; active: boolean }): Promise<Designer> {
      const row = await audited(db, { type: 'DESIGNER', action: 'STATUS', ids: [id] }, (tx) => repoIn(tx).update(id, { isActive: active }));
      if (!row) throw notFound();
      return toDesignerDto(row, actor);
    },

    /** Soft delete; the owning account is released so it can be linked to a new profile. */
    async softDelete({ id }: { id: string }): Promise<void> {
      const row = await audited(db, { type: 'DESIGNER', action: 'DELETE', ids: [id] }, (tx) => repoIn(tx).update(id, { deletedAt: new Date(), userId: null }));
      if (!row) throw notFound();
    },

    /** The designer's pieces, with the products list's own visibility (live pieces unless ADMIN). */
    async designs({ actor, id, query }: { actor: Actor | null; id: string; query: ProductListQuery }): Promise<ProductPage> {
      const designer = await load(actor, id);
      const { page, size, sort, after, before, categoryId, metalType, featured, availability, minPrice, maxPrice, status, includeDeleted } = query;
      return products.list({
        actor,
        filter: { designerId: designer.id, categoryId, metalType, featured, availability, minPrice, maxPrice, status, includeDeleted },
        query: { page, size, sort, after, before },
      });
    },

    /** ADMIN, or the designer's own account. */
    async dashboard({ actor, id }: { actor: Actor; id: string }): Promise<DesignerDashboard> {
      const row = await load(actor, id);
      if (!isAdmin(actor) && row.userId !== actor.id) throw forbidden();
      return dashboardOf(actor, row);
    },

    async ownDashboard({ actor }: { actor: Actor }): Promise<DesignerDashboard> {
      return dashboardOf(actor, await ownRow(actor));
    },

    /** GET /api/designers/me: the signed-in designer's own profile, active or not. */
    async own({ actor }: { actor: Actor }): Promise<Designer> {
      return toDesignerDto(await ownRow(actor), actor);
    },

    /** PUT /api/designers/me: the owner's rules of `update` (profile fields only; code, flags, owner → 403). */
    async updateOwn({ actor, patch }: { actor: Actor; patch: UpdateDesignerBody }): Promise<Designer> {
      return this.update({ actor, id: (await ownRow(actor)).id, patch });
    },
  };
}

export type DesignersService = ReturnType<typeof createDesignersService>;
