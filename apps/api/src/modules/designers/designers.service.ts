import type { CreateDesignerBody, DesignerFacets, DesignerListQuery, UpdateDesignerBody } from '@mirror/contract';
import { DESIGNER_PROFILE_FIELDS } from '@mirror/contract';
import type { DesignerRow, NewDesignerRow } from '../../db/schema/index';
import { fileUrl } from '../../lib/storage/storage';
import { createPartyService, type PartyServiceDeps } from '../parties/parties.service';
import { createDesignersRepo, type DesignerFilter } from './designers.repo';

/** What a designer's record shows beyond the shared party fields. */
const fields = (row: DesignerRow) => ({
  displayName: row.displayName,
  specialty: row.specialty,
  bio: row.bio,
  email: row.email,
  website: row.website,
  country: row.country,
  avatarKey: row.avatarKey,
  avatarUrl: row.avatarKey ? fileUrl(row.avatarKey) : null,
});

export function createDesignersService(deps: PartyServiceDeps) {
  return createPartyService<
    DesignerRow,
    NewDesignerRow,
    DesignerFilter,
    DesignerFacets,
    ReturnType<typeof fields>,
    'designer',
    DesignerListQuery,
    CreateDesignerBody,
    UpdateDesignerBody
  >(
    {
      kind: 'DESIGNER',
      noun: 'designer',
      profile: 'a designer profile',
      table: 'designers',
      dashboardKey: 'designer',
      repo: createDesignersRepo,
      fields,
      profileFields: DESIGNER_PROFILE_FIELDS,
      listFilter: (query) => ({ search: query.q || undefined, specialty: query.specialty, country: query.country }),
      piecesOwner: (designerId) => ({ designerId }),
    },
    deps,
  );
}

export type DesignersService = ReturnType<typeof createDesignersService>;
