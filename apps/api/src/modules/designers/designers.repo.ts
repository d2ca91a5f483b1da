import { and, asc, count, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { designers, products, type DesignerRow, type NewDesignerRow } from '../../db/schema/index';
import { createPartyRepo, type PartyFilter } from '../parties/parties.repo';

export type { PartyViewer as DesignerViewer } from '../parties/parties.repo';

export interface DesignerFilter extends PartyFilter {
  specialty?: string | undefined;
}

export function createDesignersRepo(db: Db) {
  return createPartyRepo<
    DesignerRow,
    NewDesignerRow,
    DesignerFilter,
    { specialties: { value: string; count: number }[]; countries: { value: string; count: number }[] }
  >(db, {
    table: designers,
    name: designers.displayName,
    searchable: [designers.code, designers.displayName, designers.specialty, designers.bio, designers.country],
    filters: (filter) => [filter.specialty ? sql`lower(${designers.specialty}) = lower(${filter.specialty})` : undefined],
    /** Specialties (grouped regardless of case, shown in one of their spellings) and countries, with counts. */
    async facets(db, where) {
      const [specialties, countries] = await Promise.all([
        db
          .select({ value: sql<string>`min(${designers.specialty})`, count: count() })
          .from(designers)
          .where(where)
          .groupBy(sql`lower(${designers.specialty})`)
          .orderBy(sql`lower(${designers.specialty})`),
        db
          .select({ value: sql<string>`${designers.country}`, count: count() })
          .from(designers)
          .where(and(where, sql`${designers.country} is not null`))
          .groupBy(designers.country)
          .orderBy(asc(designers.country)),
      ]);
      return { specialties, countries };
    },
    productOwner: products.designerId,
    // Order lines carry no designer: sales follow the line's product to its current designer.
    salesOwner: { via: 'product' },
  });
}

export type DesignersRepo = ReturnType<typeof createDesignersRepo>;
