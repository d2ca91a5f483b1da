import type {
  CreateVendorBody,
  Vendor,
  VendorDashboard,
  Page,
  VendorListQuery,
  VendorFacets,
  PartyListQuery,
  PartySearchQuery,
  ProductListQuery,
  ProductPage,
  UpdateVendorBody,
} from '@mirror/contract';
import { VENDOR_PROFILE_FIELDS } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { VendorRow, NewVendorRow } from '../../db/schema/index';
import { AppError } from '../../lib/errors';
import { isUniqueViolation } from '../../lib/db-errors';
import { toPage } from '../../lib/pagination';
import { fileUrl } from '../../lib/storage/storage';
import type { Actor } from '../../plugins/auth';
import type { ProductsService } from '../products/products.service';
import { createVendorsRepo, type VendorFilter, type VendorViewer } from './vendors.repo';
import { audited } from '../audit/audit.service';

const RECENT_ORDERS = 5;

/** `userId` (the owning account) is shown to ADMIN and to the owner only. */
export function toVendorDto(row: VendorRow, actor: Actor | null): Vendor {
  const showOwner = actor?.role === 'ADMIN' || (!!actor && actor.id === row.userId);
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    country: row.country,
    type: row.type,
    description: row.description,
    email: row.email,
    website: row.website,
    logoKey: row.logoKey,
    logoUrl: row.logoKey ? fileUrl(row.logoKey) : null,
    ...(showOwner ? { userId: row.userId } : {}),
    isActive: row.isActive,
    isVerified: row.isVerified,
    isFeatured: row.isFeatured,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

const notFound = () => new AppError('VENDOR_NOT_FOUND', 'Vendor not found.');
const forbidden = (details?: { path: string; message: string }[]) => new AppError('FORBIDDEN', 'You do not have permission to do this.', details);
const isAdmin = (actor: Actor | null) => actor?.role === 'ADMIN';
const viewerOf = (actor: Actor | null): VendorViewer => ({ isAdmin: isAdmin(actor), userId: actor?.id ?? null });

type ListQuery = Pick<PartyListQuery, 'page' | 'size' | 'sort'> & Partial<Pick<PartyListQuery, 'verified' | 'featured' | 'active' | 'includeDeleted'>>;

export function createVendorsService({ db, products }: { db: Db; products: ProductsService }) {
  const repo = createVendorsRepo(db);
  const repoIn = (tx: Db) => createVendorsRepo(tx);

  function mapWriteError(err: unknown): never {
    if (isUniqueViolation(err, 'vendors_code_uq')) {
      throw new AppError('CODE_TAKEN', 'A vendor with this code already exists.', [{ path: 'code', message: 'This code is already used.' }]);
    }
    if (isUniqueViolation(err, 'vendors_user_uq')) {
      throw new AppError('OWNER_TAKEN', 'This account already owns a vendor.', [{ path: 'userId', message: 'This account already owns a vendor.' }]);
    }
    throw err;
  }

  /** The owner must be a live VENDOR account. */
  async function assertOwner(userId: string | null | undefined) {
    if (!userId) return;
    const role = await repo.roleOfUser(userId);
    if (role !== 'VENDOR') {
      throw new AppError('VALIDATION_FAILED', 'Some fields are not valid.', [
        { path: 'userId', message: role ? 'The owner must be a user with the VENDOR role.' : 'No such user.' },
      ]);
    }
  }

  async function load(actor: Actor | null, id: string): Promise<VendorRow> {
    const row = await repo.findById(id, viewerOf(actor));
    if (!row) throw notFound();
    return row;
  }

  async function pageOf(actor: Actor | null, filter: VendorFilter, query: ListQuery): Promise<Page<Vendor>> {
    const admin = isAdmin(actor);
    const scoped: VendorFilter = {
      ...filter,
      verified: filter.verified ?? query.verified,
      featured: filter.featured ?? query.featured,
      active: admin ? query.active : undefined,
      includeDeleted: admin ? query.includeDeleted : undefined,
    };
    const { rows, total } = await repo.list(viewerOf(actor), scoped, query.sort, { offset: query.page * query.size, size: query.size });
    return toPage(
      rows.map((r) => toVendorDto(r, actor)),
      total,
      query.page,
      query.size,
    );
  }

  async function dashboardOf(actor: Actor, row: VendorRow): Promise<VendorDashboard> {
    const { pieces, sales, recent } = await repo.dashboard(row.id, RECENT_ORDERS);
    return {
      vendor: toVendorDto(row, actor),
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
    async list({ actor, query }: { actor: Actor | null; query: VendorListQuery }): Promise<Page<Vendor>> {
      if (query.filter !== 'current-user') return pageOf(actor, { search: query.q || undefined, country: query.country, type: query.type }, query);
      if (!actor) throw new AppError('UNAUTHORIZED', 'Please sign in to continue.');
      const own = await repo.findByOwner(actor.id);
      const content = own && query.page === 0 ? [toVendorDto(own, actor)] : [];
      return toPage(content, own ? 1 : 0, query.page, query.size);
    },

    async listBy({ actor, filter, query }: { actor: Actor | null; filter: VendorFilter; query: ListQuery }): Promise<Page<Vendor>> {
      return pageOf(actor, filter, query);
    },

    async search({ actor, query }: { actor: Actor | null; query: PartySearchQuery }): Promise<Page<Vendor>> {
      return pageOf(actor, { search: query.search || undefined }, { ...query, sort: { field: 'name', direction: 'asc' } });
    },

    async get({ actor, id }: { actor: Actor | null; id: string }): Promise<Vendor> {
      return toVendorDto(await load(actor, id), actor);
    },

    async getByCode({ actor, code }: { actor: Actor | null; code: string }): Promise<Vendor> {
      const row = await repo.findByCode(code, viewerOf(actor));
      if (!row) throw notFound();
      return toVendorDto(row, actor);
    },

    /** For ADMIN: whether the code is taken (deleted records keep theirs). For others: whether a visible vendor has it. */
    async exists({ actor, code }: { actor: Actor | null; code: string }): Promise<{ exists: boolean }> {
      return { exists: !!(await repo.findByCode(code, viewerOf(actor), isAdmin(actor))) };
    },

    async facets({ actor }: { actor: Actor | null }): Promise<VendorFacets> {
      return repo.facets(viewerOf(actor));
    },

    async count({ actor }: { actor: Actor | null }): Promise<{ count: number }> {
      return { count: await repo.count(viewerOf(actor)) };
    },

    async create({ actor, body }: { actor: Actor; body: CreateVendorBody }): Promise<Vendor> {
      await assertOwner(body.userId);
      try {
        return toVendorDto(await audited(db, { type: 'VENDOR', action: 'CREATE', created: (r) => r.id }, (tx: Db) => repoIn(tx).insert(body)), actor);
      } catch (err) {
        mapWriteError(err);
      }
    },

    /** ADMIN changes anything; the owner only its profile fields (403 naming any other field). */
    async update({ actor, id, patch }: { actor: Actor; id: string; patch: UpdateVendorBody }): Promise<Vendor> {
      const current = await load(actor, id);
      if (current.deletedAt) throw notFound();
      if (!isAdmin(actor)) {
        if (current.userId !== actor.id) throw forbidden();
        const profile: readonly string[] = VENDOR_PROFILE_FIELDS;
        const refused = Object.keys(patch).filter((k) => !profile.includes(k));
        if (refused.length) throw forbidden(refused.map((path) => ({ path, message: 'Only Mirror can change this field.' })));
      }
      if (patch.userId !== undefined) await assertOwner(patch.userId);
      try {
        const row = await audited(db, { type: 'VENDOR', action: 'UPDATE', ids: [id] }, (tx) => repoIn(tx).update(id, patch as Partial<NewVendorRow>));
        if (!row) throw notFound();
        return toVendorDto(row, actor);
      } catch (err) {
        mapWriteError(err);
      }
    },

    async setActive({ actor, id, active }: { actor: Actor; id: string; active: boolean }): Promise<Vendor> {
      const row = await audited(db, { type: 'VENDOR', action: 'STATUS', ids: [id] }, (tx) => repoIn(tx).update(id, { isActive: active }));
      if (!row) throw notFound();
      return toVendorDto(row, actor);
    },

    /** Soft delete; the owning account is released so it can be linked to a new profile. */
    async softDelete({ id }: { id: string }): Promise<void> {
      const row = await audited(db, { type: 'VENDOR', action: 'DELETE', ids: [id] }, (tx) => repoIn(tx).update(id, { deletedAt: new Date(), userId: null }));
      if (!row) throw notFound();
    },

    /** The vendor's pieces, with the products list's own visibility (live pieces; its drafts too for the owner and ADMIN). */
    async products({ actor, id, query }: { actor: Actor | null; id: string; query: ProductListQuery }): Promise<ProductPage> {
      const vendor = await load(actor, id);
      const { page, size, sort, after, before, categoryId, metalType, featured, availability, minPrice, maxPrice, status, includeDeleted } = query;
      return products.list({
        actor,
        filter: { vendorId: vendor.id, designerId: query.designerId, categoryId, metalType, featured, availability, minPrice, maxPrice, status, includeDeleted },
        query: { page, size, sort, after, before },
      });
    },

    /** ADMIN, or the vendor's own account. */
    async dashboard({ actor, id }: { actor: Actor; id: string }): Promise<VendorDashboard> {
      const row = await load(actor, id);
      if (!isAdmin(actor) && row.userId !== actor.id) throw forbidden();
      return dashboardOf(actor, row);
    },

    async ownDashboard({ actor }: { actor: Actor }): Promise<VendorDashboard> {
      const row = await repo.findByOwner(actor.id);
      if (!row) throw new AppError('VENDOR_NOT_LINKED', 'Your account is not linked to a vendor yet. Please contact Mirror.');
      return dashboardOf(actor, row);
    },
  };
}

export type VendorsService = ReturnType<typeof createVendorsService>;
