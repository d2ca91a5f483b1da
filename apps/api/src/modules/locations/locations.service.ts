import type {
  CreateLocationBody,
  Location,
  LocationClosure,
  LocationFacets,
  LocationListQuery,
  LocationStatistics,
  LocationType,
  OpeningHours,
  Page,
  UpdateLocationBody,
} from '@mirror/contract';
import { LOCATION_TYPES, slugify } from '@mirror/contract';
import type { Db } from '../../db/client';
import type { LocationRow } from '../../db/schema/locations';
import { AppError } from '../../lib/errors';
import { toPage } from '../../lib/pagination';
import type { Actor } from '../../plugins/auth';
import { createLocationsRepo, type LocationFilter } from './locations.repo';
import { audited } from '../audit/audit.service';

export function toLocationDto(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    type: row.type,
    description: row.description,
    address: row.address,
    postalCode: row.postalCode,
    city: row.city,
    country: row.country,
    countryCode: row.countryCode,
    latitude: row.latitude,
    longitude: row.longitude,
    timezone: row.timezone,
    phone: row.phone,
    email: row.email,
    openingHours: row.openingHours,
    closures: row.closures.map((c) => ({ date: c.date, note: c.note })),
    services: row.services,
    isAppointmentBookable: row.isAppointmentBookable,
    isActive: row.isActive,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    deletedAt: row.deletedAt?.toISOString() ?? null,
  };
}

const notFound = () => new AppError('LOCATION_NOT_FOUND', 'Location not found.');

const isAdmin = (actor: Actor | null) => actor?.role === 'ADMIN';

/** Non-admins only ever see active, non-deleted locations; admins may ask for more. */
function visibility(
  actor: Actor | null,
  requested: Pick<LocationFilter, 'active' | 'includeDeleted' | 'deleted'>,
): Pick<LocationFilter, 'active' | 'includeDeleted' | 'deleted'> {
  if (!isAdmin(actor)) return { active: true, includeDeleted: false, deleted: undefined };
  return { active: requested.active, includeDeleted: requested.includeDeleted ?? false, deleted: requested.deleted };
}

/** Closures are stored in date order. */
function sortedClosures<T extends LocationClosure[] | undefined>(closures: T): T {
  return (closures ? [...closures].sort((a, b) => a.date.localeCompare(b.date)) : closures) as T;
}

/** Each day's ranges are stored in time order, so every reader (the site's hours, the editor) lists them alike. */
function sortedHours<T extends Partial<OpeningHours> | undefined>(hours: T): T {
  if (!hours) return hours;
  return Object.fromEntries(
    Object.entries(hours).map(([day, ranges]) => [day, [...ranges].sort((a, b) => a.open.localeCompare(b.open))]),
  ) as T;
}

export function createLocationsService({ db }: { db: Db }) {
  const repo = createLocationsRepo(db);
  const repoIn = (tx: Db) => createLocationsRepo(tx);

  async function uniqueSlug(name: string, city: string, exceptId?: string): Promise<string> {
    const base = slugify(`${name} ${city}`, 80) || 'location';
    for (let n = 1; n < 50; n += 1) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await repo.slugTaken(candidate, exceptId))) return candidate;
    }
    throw new AppError('CONFLICT', 'Could not find a free address for this location; rename it.');
  }

  async function load(actor: Actor | null, id: string): Promise<LocationRow> {
    const row = await repo.findById(id, isAdmin(actor));
    if (!row || (!isAdmin(actor) && !row.isActive)) throw notFound();
    return row;
  }

  return {
    async list({
      actor,
      filter,
      query,
    }: {
      actor: Actor | null;
      filter: LocationFilter;
      query: Pick<LocationListQuery, 'page' | 'size' | 'sort'>;
    }): Promise<Page<Location>> {
      // Visitors asking for inactive or deleted locations get none, not the active ones.
      if (!isAdmin(actor) && (filter.active === false || filter.deleted === 'only')) return toPage([], 0, query.page, query.size);
      const { rows, total } = await repo.list({ ...filter, ...visibility(actor, filter) }, query);
      return toPage(rows.map(toLocationDto), total, query.page, query.size);
    },

    async get({ actor, id }: { actor: Actor | null; id: string }): Promise<Location> {
      return toLocationDto(await load(actor, id));
    },

    async facets({ actor, filter }: { actor: Actor | null; filter: LocationFilter }): Promise<LocationFacets> {
      return repo.facets({ ...filter, ...visibility(actor, filter) });
    },

    async statistics(): Promise<LocationStatistics> {
      const s = await repo.statistics();
      const byType = Object.fromEntries(LOCATION_TYPES.map((t) => [t, s.byType.find((x) => x.key === t)?.value ?? 0])) as Record<
        LocationType,
        number
      >;
      return {
        total: s.totals.total,
        active: s.totals.active,
        inactive: s.totals.total - s.totals.active,
        deleted: s.deleted,
        appointmentBookable: s.totals.bookable,
        byType,
        byCountry: s.byCountry,
        cities: s.totals.cities,
      };
    },

    async create({ body }: { body: CreateLocationBody }): Promise<Location> {
      const slug = await uniqueSlug(body.name, body.city);
      return toLocationDto(
        await audited(db, { type: 'LOCATION', action: 'CREATE', created: (r) => r.id }, (tx: Db) =>
          repoIn(tx).insert({ ...body, openingHours: sortedHours(body.openingHours), closures: sortedClosures(body.closures), slug }),
        ),
      );
    },

    async update({ id, patch }: { id: string; patch: UpdateLocationBody }): Promise<Location> {
      const current = await repo.findById(id);
      if (!current) throw notFound();
      const renamed =
        (patch.name !== undefined && patch.name !== current.name) || (patch.city !== undefined && patch.city !== current.city);
      const slug = renamed ? await uniqueSlug(patch.name ?? current.name, patch.city ?? current.city, id) : current.slug;
      const row = await audited(db, { type: 'LOCATION', action: 'UPDATE', ids: [id] }, (tx) =>
        repoIn(tx).update(id, { ...patch, openingHours: sortedHours(patch.openingHours), closures: sortedClosures(patch.closures), slug }),
      );
      if (!row) throw notFound();
      return toLocationDto(row);
    },

    async setActive({ id, active }: { id: string; active: boolean }): Promise<Location> {
      const row = await audited(db, { type: 'LOCATION', action: 'STATUS', ids: [id] }, (tx) => repoIn(tx).update(id, { isActive: active }));
      if (!row) throw notFound();
      return toLocationDto(row);
    },

    async softDelete({ id }: { id: string }): Promise<void> {
      const row = await audited(db, { type: 'LOCATION', action: 'DELETE', ids: [id] }, (tx) =>
        repoIn(tx).update(id, { deletedAt: new Date() }),
      );
      if (!row) throw notFound();
    },

    async restore({ id }: { id: string }): Promise<Location> {
      const current = await repo.findById(id, true);
      if (!current) throw notFound();
      if (!current.deletedAt) return toLocationDto(current);
      const row = await audited(db, { type: 'LOCATION', action: 'RESTORE', ids: [id] }, (tx) =>
        repoIn(tx).update(id, { deletedAt: null }, true),
      );
      return toLocationDto(row!);
    },

    async hardDelete({ id }: { id: string }): Promise<void> {
      if (!(await audited(db, { type: 'LOCATION', action: 'PURGE', ids: [id] }, (tx) => repoIn(tx).hardDelete(id)))) throw notFound();
    },
  };
}

export type LocationsService = ReturnType<typeof createLocationsService>;
