import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { LocationListQuery, LocationService, LocationType } from '@mirror/contract';
import type { Db } from '../../db/client';
import { locations, type LocationRow, type NewLocationRow } from '../../db/schema/locations';
import { escapeLike } from '../../db/sql-helpers';

export interface LocationFilter {
  city?: string | undefined;
  country?: string | undefined;
  type?: LocationType | undefined;
  service?: LocationService | undefined;
  active?: boolean | undefined;
  bookable?: boolean | undefined;
  q?: string | undefined;
  includeDeleted?: boolean | undefined;
  /** The Trash: soft-deleted locations alone. */
  deleted?: 'only' | undefined;
}

const SORT_COLUMNS = {
  name: locations.name,
  city: locations.city,
  country: locations.country,
  type: locations.type,
  createdAt: locations.createdAt,
  deletedAt: locations.deletedAt,
} as const;

function whereOf(filter: LocationFilter): SQL | undefined {
  const conditions: SQL[] = [];
  if (filter.deleted === 'only') conditions.push(isNotNull(locations.deletedAt));
  else if (!filter.includeDeleted) conditions.push(isNull(locations.deletedAt));
  if (filter.active !== undefined) conditions.push(eq(locations.isActive, filter.active));
  if (filter.bookable !== undefined) conditions.push(eq(locations.isAppointmentBookable, filter.bookable));
  if (filter.city) conditions.push(sql`lower(${locations.city}) = lower(${filter.city})`);
  if (filter.country) {
    conditions.push(
      or(sql`lower(${locations.country}) = lower(${filter.country})`, sql`${locations.countryCode} = upper(${filter.country})`)!,
    );
  }
  if (filter.type) conditions.push(eq(locations.type, filter.type));
  if (filter.service) conditions.push(sql`${locations.services} @> ARRAY[${filter.service}]::text[]`);
  if (filter.q) {
    const pattern = `%${escapeLike(filter.q)}%`;
    conditions.push(
      or(
        ilike(locations.name, pattern),
        ilike(locations.city, pattern),
        ilike(locations.country, pattern),
        ilike(locations.address, pattern),
        ilike(locations.description, pattern),
      )!,
    );
  }
  return conditions.length ? and(...conditions) : undefined;
}

export function createLocationsRepo(db: Db) {
  return {
    async findById(id: string, includeDeleted = false): Promise<LocationRow | null> {
      const [row] = await db
        .select()
        .from(locations)
        .where(and(eq(locations.id, id), includeDeleted ? undefined : isNull(locations.deletedAt)))
        .limit(1);
      return row ?? null;
    },

    async list(filter: LocationFilter, query: Pick<LocationListQuery, 'page' | 'size' | 'sort'>) {
      const where = whereOf(filter);
      const column = SORT_COLUMNS[query.sort.field];
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(locations)
          .where(where)
          .orderBy(query.sort.direction === 'desc' ? desc(column) : asc(column), asc(locations.id))
          .limit(query.size)
          .offset(query.page * query.size),
        db.select({ value: count() }).from(locations).where(where),
      ]);
      return { rows, total: total?.value ?? 0 };
    },

    /** Facet counts for the current filter; each facet ignores its own dimension so choices stay visible. */
    async facets(filter: LocationFilter) {
      const facet = async (column: SQL, omit: keyof LocationFilter) => {
        const rows = await db
          .select({ value: sql<string>`${column}`, count: count() })
          .from(locations)
          .where(whereOf({ ...filter, [omit]: undefined }))
          .groupBy(column)
          .orderBy(sql`${column}`);
        return rows.map((r) => ({ value: r.value, count: r.count }));
      };
      const serviceWhere = whereOf({ ...filter, service: undefined });
      const services = await db.execute<{ value: string; count: number | string }>(
        sql`select s as value, count(*) as count from ${locations}, unnest(${locations.services}) as s ${
          serviceWhere ? sql`where ${serviceWhere}` : sql``
        } group by s order by s`,
      );
      const [cities, countries, types, [total]] = await Promise.all([
        facet(sql`${locations.city}`, 'city'),
        facet(sql`${locations.country}`, 'country'),
        facet(sql`${locations.type}`, 'type'),
        db.select({ value: count() }).from(locations).where(whereOf(filter)),
      ]);
      const serviceRows = ((services as { rows?: unknown[] }).rows ?? services) as { value: string; count: number | string }[];
      return {
        cities,
        countries,
        types,
        services: serviceRows.map((r) => ({ value: r.value, count: Number(r.count) })),
        total: total?.value ?? 0,
      };
    },

    async statistics() {
      const notDeleted = isNull(locations.deletedAt);
      const [[totals], byType, byCountry, [deleted]] = await Promise.all([
        db
          .select({
            total: count(),
            active: sql<number>`count(*) filter (where ${locations.isActive})`.mapWith(Number),
            bookable: sql<number>`count(*) filter (where ${locations.isAppointmentBookable} and ${locations.isActive})`.mapWith(Number),
            cities: sql<number>`count(distinct lower(${locations.city}))`.mapWith(Number),
          })
          .from(locations)
          .where(notDeleted),
        db.select({ key: locations.type, value: count() }).from(locations).where(notDeleted).groupBy(locations.type),
        db
          .select({ country: locations.country, count: count() })
          .from(locations)
          .where(notDeleted)
          .groupBy(locations.country)
          .orderBy(desc(count()), asc(locations.country)),
        db.select({ value: count() }).from(locations).where(isNotNull(locations.deletedAt)),
      ]);
      return { totals: totals!, byType, byCountry, deleted: deleted?.value ?? 0 };
    },

    async slugTaken(slug: string, exceptId?: string): Promise<boolean> {
      const rows = await db.select({ id: locations.id }).from(locations).where(eq(locations.slug, slug)).limit(2);
      return rows.some((r) => r.id !== exceptId);
    },

    async insert(values: NewLocationRow): Promise<LocationRow> {
      const [row] = await db.insert(locations).values(values).returning();
      return row!;
    },

    async update(id: string, patch: Partial<NewLocationRow>, includeDeleted = false): Promise<LocationRow | null> {
      const [row] = await db
        .update(locations)
        .set({ ...patch, updatedAt: new Date() })
        .where(and(eq(locations.id, id), includeDeleted ? undefined : isNull(locations.deletedAt)))
        .returning();
      return row ?? null;
    },

    async hardDelete(id: string): Promise<boolean> {
      const rows = await db.delete(locations).where(eq(locations.id, id)).returning({ id: locations.id });
      return rows.length === 1;
    },
  };
}

export type LocationsRepo = ReturnType<typeof createLocationsRepo>;
