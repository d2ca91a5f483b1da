import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  DesignerDashboard,
  DesignerFacets,
  Page,
  ProductPage,
  User,
  VendorDashboard,
  VendorFacets,
  VendorType,
} from '@mirror/contract';
import { apiClient, type QueryParams } from '../../../lib/api-client';
import type { Party, PartyKind } from '../party-kinds';

/** The table's filters; undefined means 'any'. Specialty is a designer's, type a vendor's. */
export interface PartyFilter {
  specialty?: string | undefined;
  type?: VendorType | undefined;
  country?: string | undefined;
  verified?: boolean | undefined;
  featured?: boolean | undefined;
  active?: boolean | undefined;
}

export interface PartyListParams extends PartyFilter {
  q: string;
  /** The API's `name,asc`; undefined keeps the API's default (name, A to Z). */
  sort: string | undefined;
  page: number;
  size: number;
}

export interface PiecesParams {
  page: number;
  size: number;
  sort: string | undefined;
}

export type PartyFacets = Partial<DesignerFacets & VendorFacets>;
export type PartyDashboardData = DesignerDashboard | VendorDashboard;

const ROOT = { designer: 'designers', vendor: 'vendors' } as const;

/** Key factory per kind (docs/conventions.md §10): `['designers', 'admin', …]`, `['vendors', 'admin', …]`. */
export const adminPartyKeys = {
  all: (kind: PartyKind) => [ROOT[kind], 'admin'] as const,
  lists: (kind: PartyKind) => [...adminPartyKeys.all(kind), 'list'] as const,
  list: (kind: PartyKind, params: PartyListParams) => [...adminPartyKeys.lists(kind), params] as const,
  facets: (kind: PartyKind) => [...adminPartyKeys.all(kind), 'facets'] as const,
  details: (kind: PartyKind) => [...adminPartyKeys.all(kind), 'detail'] as const,
  detail: (kind: PartyKind, id: string) => [...adminPartyKeys.details(kind), id] as const,
  dashboard: (kind: PartyKind, id: string) => [...adminPartyKeys.detail(kind, id), 'dashboard'] as const,
  pieces: (kind: PartyKind, id: string, params: PiecesParams) => [...adminPartyKeys.detail(kind, id), 'pieces', params] as const,
  account: (userId: string) => ['users', 'admin', 'party-account', userId] as const,
  accountSearch: (role: string, q: string) => ['users', 'admin', 'party-account-search', role, q] as const,
};

const base = (kind: PartyKind) => `/api/${ROOT[kind]}`;
const one = (kind: PartyKind, id: string) => `${base(kind)}/${encodeURIComponent(id)}`;
export const adminPartyPaths = {
  list: base,
  facets: (kind: PartyKind) => `${base(kind)}/filters`,
  one,
  dashboard: (kind: PartyKind, id: string) => `${one(kind, id)}/dashboard`,
  pieces: (kind: PartyKind, id: string) => `${one(kind, id)}/${kind === 'designer' ? 'designs' : 'products'}`,
  activate: (kind: PartyKind, id: string) => `${one(kind, id)}/activate`,
  deactivate: (kind: PartyKind, id: string) => `${one(kind, id)}/deactivate`,
};

export function listQueryParams(kind: PartyKind, params: PartyListParams): QueryParams {
  return {
    q: params.q.trim() || undefined,
    specialty: kind === 'designer' ? params.specialty : undefined,
    type: kind === 'vendor' ? params.type : undefined,
    country: params.country,
    verified: params.verified,
    featured: params.featured,
    active: params.active,
    sort: params.sort,
    page: params.page,
    size: params.size,
  };
}

/** GET /api/designers or /api/vendors with every filter combined by the API (ADMIN sees inactive records too). */
export const partiesListQuery = (kind: PartyKind, params: PartyListParams) =>
  queryOptions({
    queryKey: adminPartyKeys.list(kind, params),
    queryFn: ({ signal }) => apiClient.get<Page<Party>>(adminPartyPaths.list(kind), { signal, query: listQueryParams(kind, params) }),
    placeholderData: keepPreviousData,
  });

/** The specialties, countries and types in use, for the filter dropdowns. */
export const partyFacetsQuery = (kind: PartyKind) =>
  queryOptions({
    queryKey: adminPartyKeys.facets(kind),
    queryFn: ({ signal }) => apiClient.get<PartyFacets>(adminPartyPaths.facets(kind), { signal }),
    staleTime: 60_000,
  });

/** One record; ADMIN also opens a deleted one (it carries deletedAt). */
export const partyDetailQuery = (kind: PartyKind, id: string) =>
  queryOptions({
    queryKey: adminPartyKeys.detail(kind, id),
    queryFn: ({ signal }) => apiClient.get<Party>(adminPartyPaths.one(kind, id), { signal }),
  });

/** The figures its owner sees on their own dashboard, for this record. */
export const partyDashboardQuery = (kind: PartyKind, id: string) =>
  queryOptions({
    queryKey: adminPartyKeys.dashboard(kind, id),
    queryFn: ({ signal }) => apiClient.get<PartyDashboardData>(adminPartyPaths.dashboard(kind, id), { signal }),
    staleTime: 0,
  });

/** Its pieces, every status (ADMIN). */
export const partyPiecesQuery = (kind: PartyKind, id: string, params: PiecesParams) =>
  queryOptions({
    queryKey: adminPartyKeys.pieces(kind, id, params),
    queryFn: ({ signal }) =>
      apiClient.get<ProductPage>(adminPartyPaths.pieces(kind, id), {
        signal,
        query: { page: params.page, size: params.size, sort: params.sort },
      }),
    placeholderData: keepPreviousData,
  });

/** The linked account. */
export const partyAccountQuery = (userId: string) =>
  queryOptions({
    queryKey: adminPartyKeys.account(userId),
    queryFn: ({ signal }) => apiClient.get<User>(`/api/users/${encodeURIComponent(userId)}`, { signal }),
    staleTime: 60_000,
  });

export const ACCOUNT_SEARCH_SIZE = 20;

/** Accounts that may own the record: users of the kind's role, by username, email or name. */
export const accountSearchQuery = (role: 'DESIGNER' | 'VENDOR', q: string) =>
  queryOptions({
    queryKey: adminPartyKeys.accountSearch(role, q),
    queryFn: ({ signal }) =>
      apiClient.get<Page<User>>('/api/users', {
        signal,
        query: { role, q: q.trim() || undefined, size: ACCOUNT_SEARCH_SIZE, sort: 'username,asc' },
      }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
