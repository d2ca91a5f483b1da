import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  Availability,
  Category,
  Designer,
  Page,
  Product,
  ProductFacets,
  ProductPage,
  ProductSearchPage,
  ProductStatus,
  SkuAvailability,
  Vendor,
} from '@mirror/contract';
import { apiClient, type QueryParams } from '../../../lib/api-client';

/** The back-office's product filters (all optional: undefined means 'any'). */
export interface AdminProductFilter {
  categoryId?: string;
  metalType?: string;
  stone?: string;
  status?: ProductStatus;
  featured?: boolean;
  vendorId?: string;
  availability?: Availability;
  /** The Trash: soft-deleted pieces only. */
  isTrash?: boolean;
  /** A vendor's own pieces alone (`mine=true`, the vendor's scope). */
  isMine?: boolean;
}

export interface AdminProductListParams extends AdminProductFilter {
  /** A search runs the catalog's ranked, typo-tolerant search (the sort then is relevance). */
  q?: string;
  /** `price,desc` */
  sort?: string;
  page: number;
  size: number;
  /** Past the API's offset window (OFFSET_WINDOW pieces) pages are read by cursor: a page's `nextCursor` … */
  after?: string;
  /** … or its `prevCursor`. Not with a search (ranked, paged by number). */
  before?: string;
}

/** The API's query parameters for a filter; shared by the list, the facets and the CSV export. */
export function filterParams(filter: AdminProductFilter): QueryParams {
  return {
    categoryId: filter.categoryId,
    metalType: filter.metalType,
    stone: filter.stone,
    status: filter.status,
    featured: filter.featured,
    vendorId: filter.vendorId,
    availability: filter.availability,
    deleted: filter.isTrash ? 'only' : undefined,
    mine: filter.isMine || undefined,
  };
}

/** Key factory (docs/conventions.md §10). Everything of this feature sits under `adminProductKeys.all`. */
export const adminProductKeys = {
  all: ['admin', 'products'] as const,
  lists: () => [...adminProductKeys.all, 'list'] as const,
  list: (params: AdminProductListParams) => [...adminProductKeys.lists(), params] as const,
  facets: (filter: AdminProductFilter) => [...adminProductKeys.all, 'facets', filter] as const,
  details: () => [...adminProductKeys.all, 'detail'] as const,
  detail: (id: string) => [...adminProductKeys.details(), id] as const,
  skuAvailability: (sku: string, excludeId: string | undefined) =>
    [...adminProductKeys.all, 'sku-available', sku.toLowerCase(), excludeId ?? null] as const,
  editorOptions: (scope: 'admin' | 'vendor' = 'admin') => [...adminProductKeys.all, 'editor-options', scope] as const,
};

export const adminProductsListQuery = (params: AdminProductListParams) =>
  queryOptions({
    queryKey: adminProductKeys.list(params),
    // A search's page says whether its total is exact (it counts no further than the rows it pages through).
    queryFn: ({ signal }): Promise<ProductPage & Partial<Pick<ProductSearchPage, 'totalExact'>>> => {
      const paging = { page: params.page, size: params.size };
      const q = params.q?.trim();
      return q
        ? apiClient.get<ProductSearchPage>('/api/products/search', { signal, query: { q, ...paging, ...filterParams(params) } })
        : apiClient.get<ProductPage>('/api/products', {
            signal,
            query: { sort: params.sort, ...paging, after: params.after, before: params.before, ...filterParams(params) },
          });
    },
    placeholderData: keepPreviousData,
  });

/** Options, counts and labels (category, vendor) of every filter for the current selection. */
export const adminProductFacetsQuery = (filter: AdminProductFilter) =>
  queryOptions({
    queryKey: adminProductKeys.facets(filter),
    queryFn: ({ signal }) => apiClient.get<ProductFacets>('/api/products/filters', { signal, query: filterParams(filter) }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** One piece, including a DRAFT, ARCHIVED or deleted one (ADMIN); in the vendor's scope its own piece or 404. */
export const adminProductQuery = (id: string, scope: 'admin' | 'vendor' = 'admin') =>
  queryOptions({
    queryKey: adminProductKeys.detail(id),
    queryFn: ({ signal }) =>
      apiClient.get<Product>(`/api/products/${encodeURIComponent(id)}`, {
        signal,
        query: scope === 'vendor' ? { mine: true } : { includeDeleted: true },
      }),
  });

/** Whether a SKU is free (case-insensitive; a piece in the Trash still holds its SKU); `excludeId` = the piece being edited. */
export const skuAvailabilityQuery = (sku: string, excludeId?: string) =>
  queryOptions({
    queryKey: adminProductKeys.skuAvailability(sku, excludeId),
    queryFn: ({ signal }) => apiClient.get<SkuAvailability>('/api/products/sku-available', { signal, query: { sku, excludeId } }),
    staleTime: 5_000,
  });

/** Every entry of a paged list (at most `maxPages` pages of 100), for the editor's choices. */
async function allPages<T>(path: string, query: QueryParams, signal: AbortSignal, maxPages = 10): Promise<T[]> {
  const items: T[] = [];
  for (let page = 0; page < maxPages; page += 1) {
    const result = await apiClient.get<Page<T>>(path, { signal, query: { ...query, page, size: 100 } });
    items.push(...result.content);
    if (page + 1 >= result.totalPages) break;
  }
  return items;
}

export interface ProductEditorOptions {
  /** Inactive categories too (a piece may still be filed under one), by name. */
  categories: Category[];
  vendors: Vendor[];
  designers: Designer[];
}

/** The choices of the product editor: categories, vendors (a vendor: its own record alone) and designers. */
export const productEditorOptionsQuery = (scope: 'admin' | 'vendor' = 'admin') =>
  queryOptions({
    queryKey: adminProductKeys.editorOptions(scope),
    queryFn: async ({ signal }): Promise<ProductEditorOptions> => {
      const [categories, vendors, designers] = await Promise.all([
        allPages<Category>('/api/categories', { sort: 'name,asc', includeInactive: true }, signal),
        allPages<Vendor>('/api/vendors', scope === 'vendor' ? { filter: 'current-user' } : { sort: 'name,asc' }, signal),
        allPages<Designer>('/api/designers', { sort: 'name,asc' }, signal),
      ]);
      return { categories, vendors, designers };
    },
    staleTime: 60_000,
  });
