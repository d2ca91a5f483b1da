import { VENDOR_TYPES } from '@mirror/contract';
import type { FilterChip } from '../../components/data-table';
import { humanize } from '../../lib/format';
import { param } from '../../lib/url-state';
import type { PartyFilter } from './api/admin-parties.queries';
import { countryName, type PartyKind } from './party-kinds';

const YES_NO = ['yes', 'no'] as const;
type YesNo = (typeof YES_NO)[number];

/** The URL's filters (one spec for both kinds: a designer's list ignores `type`, a vendor's `specialty`). */
export const PARTY_FILTER_SPEC = {
  specialty: param.optionalString(),
  type: param.optionalOneOf(VENDOR_TYPES),
  country: param.optionalString(),
  verified: param.optionalOneOf(YES_NO),
  featured: param.optionalOneOf(YES_NO),
  active: param.optionalOneOf(YES_NO),
};
export type PartyUrlFilters = { [K in keyof typeof PARTY_FILTER_SPEC]: ReturnType<(typeof PARTY_FILTER_SPEC)[K]['parse']> };

export const PARTY_SORTABLE = ['name', 'code', 'createdAt'] as const;

const yesNo = (value: YesNo | undefined) => (value === undefined ? undefined : value === 'yes');
const COUNTRY = /^[A-Za-z]{2}$/;

/** URL filters → the API's query (a malformed country is dropped rather than sent for a 400). */
export function toApiFilter(kind: PartyKind, filters: PartyUrlFilters): PartyFilter {
  return {
    specialty: kind === 'designer' ? filters.specialty : undefined,
    type: kind === 'vendor' ? filters.type : undefined,
    country: filters.country && COUNTRY.test(filters.country) ? filters.country.toUpperCase() : undefined,
    verified: yesNo(filters.verified),
    featured: yesNo(filters.featured),
    active: yesNo(filters.active),
  };
}

const FLAG_WORDS = {
  verified: ['Verified', 'Not verified'],
  featured: ['Featured', 'Not featured'],
  active: ['Active', 'Inactive'],
} as const;

/** The active filters of this kind as removable chips, in the toolbar's order. */
export function filterChips(
  kind: PartyKind,
  q: string,
  filters: PartyUrlFilters,
  on: { clearQuery: () => void; clear: (key: keyof PartyUrlFilters) => void },
): FilterChip[] {
  const api = toApiFilter(kind, filters);
  const chips: FilterChip[] = [];
  if (q) chips.push({ key: 'q', label: `“${q}”`, onRemove: on.clearQuery });
  if (api.specialty) chips.push({ key: 'specialty', label: api.specialty, onRemove: () => on.clear('specialty') });
  if (api.type) chips.push({ key: 'type', label: humanize(api.type), onRemove: () => on.clear('type') });
  if (api.country) chips.push({ key: 'country', label: countryName(api.country), onRemove: () => on.clear('country') });
  for (const key of ['verified', 'featured', 'active'] as const) {
    const value = api[key];
    if (value !== undefined) chips.push({ key, label: FLAG_WORDS[key][value ? 0 : 1], onRemove: () => on.clear(key) });
  }
  return chips;
}

export const FLAG_OPTIONS = {
  verified: [
    { value: 'yes', label: 'Verified' },
    { value: 'no', label: 'Not verified' },
  ],
  featured: [
    { value: 'yes', label: 'Featured' },
    { value: 'no', label: 'Not featured' },
  ],
  active: [
    { value: 'yes', label: 'Active' },
    { value: 'no', label: 'Inactive' },
  ],
} as const;
