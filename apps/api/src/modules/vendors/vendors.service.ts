import type { CreateVendorBody, UpdateVendorBody, VendorFacets, VendorListQuery } from '@mirror/contract';
import { VENDOR_PROFILE_FIELDS } from '@mirror/contract';
import type { NewVendorRow, VendorRow } from '../../db/schema/index';
import { fileUrl } from '../../lib/storage/storage';
import { createPartyService, type PartyServiceDeps } from '../parties/parties.service';
import { createVendorsRepo, type VendorFilter } from './vendors.repo';

/** What a vendor's record shows beyond the shared party fields. */
const fields = (row: VendorRow) => ({
  name: row.name,
  country: row.country,
  type: row.type,
  description: row.description,
  email: row.email,
  website: row.website,
  logoKey: row.logoKey,
  logoUrl: row.logoKey ? fileUrl(row.logoKey) : null,
});

export function createVendorsService(deps: PartyServiceDeps) {
  return createPartyService<
    VendorRow,
    NewVendorRow,
    VendorFilter,
    VendorFacets,
    ReturnType<typeof fields>,
    'vendor',
    VendorListQuery,
    CreateVendorBody,
    UpdateVendorBody
  >(
    {
      kind: 'VENDOR',
      noun: 'vendor',
      profile: 'a vendor',
      table: 'vendors',
      dashboardKey: 'vendor',
      repo: createVendorsRepo,
      fields,
      profileFields: VENDOR_PROFILE_FIELDS,
      listFilter: (query) => ({ search: query.q || undefined, country: query.country, type: query.type }),
      piecesOwner: (vendorId, { designerId }) => ({ vendorId, designerId }),
    },
    deps,
  );
}

export type VendorsService = ReturnType<typeof createVendorsService>;
