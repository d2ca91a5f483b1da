import { VENDOR_TYPES, type Designer, type Vendor } from '@mirror/contract';
import { paths, to } from '../../config/routes';
import { humanize } from '../../lib/format';

export type PartyKind = 'designer' | 'vendor';
export type Party = Designer | Vendor;

/**
 * What differs between designers and vendors (issue 11): the API answers both the same way, so one
 * set of screens reads its words, paths and kind-specific fields from here.
 */
export interface PartyKindConfig {
  kind: PartyKind;
  /** The role an owning account must have. */
  role: 'DESIGNER' | 'VENDOR';
  noun: string;
  plural: string;
  title: string;
  listPath: string;
  newPath: string;
  detailPath: (id: string) => string;
  /** The kind-specific column and filter: a designer's specialty, a vendor's type. */
  detailLabel: string;
  detailOf: (party: Party) => string;
  /** What the owner's dashboard calls the pieces: 'your designs'. */
  piecesNoun: string;
  imageLabel: string;
}

export const PARTY_KINDS: Record<PartyKind, PartyKindConfig> = {
  designer: {
    kind: 'designer',
    role: 'DESIGNER',
    noun: 'designer',
    plural: 'designers',
    title: 'Designers',
    listPath: paths.adminDesigners,
    newPath: paths.adminDesignerNew,
    detailPath: to.adminDesigner,
    detailLabel: 'Specialty',
    detailOf: (party) => ('specialty' in party ? party.specialty : ''),
    piecesNoun: 'their designs',
    imageLabel: 'Portrait',
  },
  vendor: {
    kind: 'vendor',
    role: 'VENDOR',
    noun: 'vendor',
    plural: 'vendors',
    title: 'Vendors',
    listPath: paths.adminVendors,
    newPath: paths.adminVendorNew,
    detailPath: to.adminVendor,
    detailLabel: 'Type',
    detailOf: (party) => ('type' in party ? humanize(party.type) : ''),
    piecesNoun: 'their pieces',
    imageLabel: 'Logo',
  },
};

export const VENDOR_TYPE_OPTIONS = VENDOR_TYPES.map((type) => ({ value: type, label: humanize(type) }));

export function partyName(party: Party): string {
  return 'displayName' in party ? party.displayName : party.name;
}

export function partyImageUrl(party: Party): string | null {
  return 'avatarUrl' in party ? party.avatarUrl : party.logoUrl;
}

const regionNames = typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames(['en-GB'], { type: 'region' }) : null;

/** 'FR' → 'France'; an unknown code stays as it is. */
export function countryName(code: string | null | undefined): string {
  if (!code) return '';
  try {
    return regionNames?.of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The link to the Users table, searched on this account. */
export function usersTableHref(username: string): string {
  return `${paths.adminUsers}?q=${encodeURIComponent(username)}`;
}
