import { AVAILABILITIES, METAL_TYPES } from '../../../config/vocabulary';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { param, patchParams, readParams, type ParamSpec } from '../../../lib/url-state';
import type { ProductListParams } from '../api/catalog.queries';

export const SORTS = [
  { value: 'createdAt,desc', label: 'Newest' },
  { value: 'price,asc', label: 'Price, low to high' },
  { value: 'price,desc', label: 'Price, high to low' },
  { value: 'name,asc', label: 'Name, A to Z' },
] as const;
export type SortValue = (typeof SORTS)[number]['value'];
const SORT_VALUES = SORTS.map((s) => s.value);

/** What the URL holds. `page` is 1-based and prices are whole euros for people; the API gets 0-based pages and cents. */
export interface ProductListUrlState {
  q: string | undefined;
  sort: SortValue;
  page: number;
  category: string | undefined;
  metal: (typeof METAL_TYPES)[number] | undefined;
  stone: string | undefined;
  cut: string | undefined;
  collection: string | undefined;
  availability: (typeof AVAILABILITIES)[number] | undefined;
  min: number | undefined;
  max: number | undefined;
}

export const PRODUCT_LIST_SPEC: ParamSpec<ProductListUrlState> = {
  q: param.optionalString(),
  sort: param.oneOf(SORT_VALUES, 'createdAt,desc'),
  page: param.int(1, { min: 1, max: 10_000 }),
  category: param.optionalString(),
  metal: param.optionalOneOf(METAL_TYPES),
  stone: param.optionalString(),
  cut: param.optionalString(),
  collection: param.optionalString(),
  availability: param.optionalOneOf(AVAILABILITIES),
  min: param.optionalInt({ max: 100_000_000 }),
  max: param.optionalInt({ max: 100_000_000 }),
};

/** URL state → API query: the stone and the cut are the API's own filters (the piece's gemstone type and cut). */
export function toListParams(state: ProductListUrlState, size: number): ProductListParams {
  return {
    q: state.q,
    sort: state.sort,
    page: state.page - 1,
    size,
    categoryId: state.category,
    metalType: state.metal,
    stone: state.stone,
    cut: state.cut,
    collectionId: state.collection,
    availability: state.availability,
    minPrice: state.min === undefined ? undefined : state.min * 100,
    maxPrice: state.max === undefined ? undefined : state.max * 100,
  };
}

export function useProductListState() {
  const [searchParams, setSearchParams] = useSearchParams();
  const state = useMemo(() => readParams(searchParams, PRODUCT_LIST_SPEC), [searchParams]);
  const update = useCallback(
    (patch: Partial<ProductListUrlState>) =>
      setSearchParams((current) => patchParams(current, PRODUCT_LIST_SPEC, patch), { preventScrollReset: true }),
    [setSearchParams],
  );
  const activeFilterCount = [
    state.q,
    state.category,
    state.metal,
    state.stone,
    state.cut,
    state.collection,
    state.availability,
    state.min,
    state.max,
  ].filter((v) => v !== undefined).length;
  const clear = useCallback(() => setSearchParams(new URLSearchParams(), { preventScrollReset: true }), [setSearchParams]);
  return { state, update, clear, activeFilterCount };
}
