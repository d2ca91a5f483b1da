import { useState, type ReactNode } from 'react';
import type { Availability, ProductFacets, ProductStatus } from '@mirror/contract';
import {
  FilterChips,
  FilterSelect,
  SearchInput,
  TableFilters,
  type FilterChip,
  type FilterOption,
  type TableUrlState,
} from '../../../components/data-table';
import { METAL_TYPES } from '../../../config/vocabulary';
import { humanize } from '../../../lib/format';
import { param, type ParamSpec } from '../../../lib/url-state';
import type { AdminProductFilter } from '../api/admin-products.queries';
import styles from './admin-products.module.css';

export const PRODUCT_STATUSES = ['ACTIVE', 'DRAFT', 'ARCHIVED'] as const satisfies readonly ProductStatus[];
const STOCK_STATES = ['in', 'low', 'out'] as const;
type StockState = (typeof STOCK_STATES)[number];
const STOCK_AVAILABILITY: Record<StockState, Availability> = { in: 'IN_STOCK', low: 'LOW_STOCK', out: 'OUT_OF_STOCK' };
const STOCK_LABEL: Record<StockState, string> = { in: 'In stock', low: 'Low stock', out: 'Out of stock' };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const optionalUuid = () => ({
  parse: (raw: string | null): string | undefined => (raw && UUID.test(raw) ? raw : undefined),
  default: undefined as string | undefined,
});

export interface ProductUrlFilters {
  category: string | undefined;
  metal: (typeof METAL_TYPES)[number] | undefined;
  stone: string | undefined;
  status: ProductStatus | undefined;
  featured: 'yes' | 'no' | undefined;
  vendor: string | undefined;
  stock: StockState | undefined;
}

/** The filters as the URL spells them (short, readable): `?category=…&metal=PLATINUM&stock=low`. */
export const productFilterSpec: ParamSpec<ProductUrlFilters> = {
  category: optionalUuid(),
  metal: param.optionalOneOf(METAL_TYPES),
  stone: param.optionalString(),
  status: param.optionalOneOf(PRODUCT_STATUSES),
  featured: param.optionalOneOf(['yes', 'no'] as const),
  vendor: optionalUuid(),
  stock: param.optionalOneOf(STOCK_STATES),
};

export function apiFilterOf(filters: ProductUrlFilters, isTrash = false): AdminProductFilter {
  const filter: AdminProductFilter = {};
  if (filters.category) filter.categoryId = filters.category;
  if (filters.metal) filter.metalType = filters.metal;
  if (filters.stone) filter.stone = filters.stone;
  if (filters.vendor) filter.vendorId = filters.vendor;
  if (isTrash) {
    // The Trash offers no status, featured or stock filters: a link carrying them does not hide pieces.
    filter.isTrash = true;
    return filter;
  }
  if (filters.status) filter.status = filters.status;
  if (filters.featured) filter.featured = filters.featured === 'yes';
  if (filters.stock) filter.availability = STOCK_AVAILABILITY[filters.stock];
  return filter;
}

export function hasFilters(filters: ProductUrlFilters, isTrash = false): boolean {
  const { status, featured, stock, ...shared } = filters;
  return Object.values(isTrash ? shared : { ...shared, status, featured, stock }).some((value) => value !== undefined);
}

/** Category and vendor names by id, from every facet answer seen (the current one and the unfiltered one). */
export function labelsOf(...facets: (ProductFacets | undefined)[]): Map<string, string> {
  const labels = new Map<string, string>();
  for (const answer of facets) {
    for (const f of [...(answer?.categories ?? []), ...(answer?.vendors ?? [])]) {
      if (f.label) labels.set(f.value, f.label);
    }
  }
  return labels;
}

function countOf(list: readonly { value: string; count: number }[] | undefined, value: string): number | undefined {
  if (!list) return undefined;
  return list.find((f) => f.value.toLowerCase() === value.toLowerCase())?.count ?? 0;
}

/** Facet values as options; the chosen value stays listed even when nothing else matches it. */
function facetOptions(
  list: readonly { value: string; label?: string; count: number }[] | undefined,
  selected: string | undefined,
  labels: Map<string, string>,
  label: (value: string) => string = (v) => labels.get(v) ?? v,
): FilterOption[] {
  const options = (list ?? []).map((f) => ({ value: f.value, label: f.label ?? label(f.value), count: f.count }));
  if (selected && !options.some((o) => o.value.toLowerCase() === selected.toLowerCase()))
    options.unshift({ value: selected, label: label(selected), count: 0 });
  return options;
}

export interface ProductFiltersBarProps {
  state: TableUrlState<ProductUrlFilters>;
  facets: ProductFacets | undefined;
  labels: Map<string, string>;
  /** The Trash has no status / featured / stock filters worth the space. */
  isTrash?: boolean;
  /** A vendor's own pieces: no vendor filter (all theirs) and no featured one (the house's). */
  isVendorScope?: boolean;
}

/** Search, the quiet filter dropdowns (with counts) and the active filters as chips. */
export function ProductFiltersBar({ state, facets, labels, isTrash = false, isVendorScope = false }: ProductFiltersBarProps) {
  const { filters, setFilters } = state;
  const [isOpen, setIsOpen] = useState(false);

  const selects: ReactNode[] = [
    <FilterSelect
      key="category"
      label="Category"
      allLabel="All"
      value={filters.category}
      options={facetOptions(facets?.categories, filters.category, labels)}
      onChange={(category) => setFilters({ category })}
    />,
    <FilterSelect
      key="metal"
      label="Metal"
      allLabel="All"
      value={filters.metal}
      options={METAL_TYPES.map((metal) => ({ value: metal, label: humanize(metal), count: countOf(facets?.metals, metal) }))}
      onChange={(metal) => setFilters({ metal: metal as ProductUrlFilters['metal'] })}
    />,
    <FilterSelect
      key="stone"
      label="Stone"
      allLabel="All"
      value={filters.stone}
      options={facetOptions(facets?.stones, filters.stone, labels, (v) => v)}
      onChange={(stone) => setFilters({ stone })}
    />,
  ];
  if (!isTrash) {
    selects.push(
      <FilterSelect
        key="status"
        label="Status"
        allLabel="All"
        value={filters.status}
        options={PRODUCT_STATUSES.map((status) => ({ value: status, label: humanize(status), count: countOf(facets?.statuses, status) }))}
        onChange={(status) => setFilters({ status: status as ProductStatus | undefined })}
      />,
    );
  }
  if (!isTrash && !isVendorScope) {
    selects.push(
      <FilterSelect
        key="featured"
        label="Featured"
        allLabel="All"
        value={filters.featured}
        options={[
          { value: 'yes', label: 'Featured', count: countOf(facets?.featured, 'true') },
          { value: 'no', label: 'Not featured', count: countOf(facets?.featured, 'false') },
        ]}
        onChange={(featured) => setFilters({ featured: featured as ProductUrlFilters['featured'] })}
      />,
    );
  }
  if (!isVendorScope) {
    selects.push(
      <FilterSelect
        key="vendor"
        label="Vendor"
        allLabel="All"
        value={filters.vendor}
        options={facetOptions(facets?.vendors, filters.vendor, labels)}
        onChange={(vendor) => setFilters({ vendor })}
      />,
    );
  }
  if (!isTrash) {
    selects.push(
      <FilterSelect
        key="stock"
        label="Stock"
        allLabel="All"
        value={filters.stock}
        options={STOCK_STATES.map((stock) => ({
          value: stock,
          label: STOCK_LABEL[stock],
          count: countOf(facets?.availability, STOCK_AVAILABILITY[stock]),
        }))}
        onChange={(stock) => setFilters({ stock: stock as StockState | undefined })}
      />,
    );
  }

  const chips: FilterChip[] = [];
  if (state.q) chips.push({ key: 'q', label: `“${state.q}”`, onRemove: () => state.setQuery('') });
  if (filters.category)
    chips.push({
      key: 'category',
      label: `Category: ${labels.get(filters.category) ?? 'Unknown'}`,
      onRemove: () => setFilters({ category: undefined }),
    });
  if (filters.metal)
    chips.push({ key: 'metal', label: `Metal: ${humanize(filters.metal)}`, onRemove: () => setFilters({ metal: undefined }) });
  if (filters.stone) chips.push({ key: 'stone', label: `Stone: ${filters.stone}`, onRemove: () => setFilters({ stone: undefined }) });
  if (filters.status && !isTrash)
    chips.push({ key: 'status', label: `Status: ${humanize(filters.status)}`, onRemove: () => setFilters({ status: undefined }) });
  if (filters.featured && !isTrash && !isVendorScope)
    chips.push({
      key: 'featured',
      label: filters.featured === 'yes' ? 'Featured' : 'Not featured',
      onRemove: () => setFilters({ featured: undefined }),
    });
  if (filters.vendor && !isVendorScope)
    chips.push({
      key: 'vendor',
      label: `Vendor: ${labels.get(filters.vendor) ?? 'Unknown'}`,
      onRemove: () => setFilters({ vendor: undefined }),
    });
  if (filters.stock && !isTrash)
    chips.push({ key: 'stock', label: STOCK_LABEL[filters.stock], onRemove: () => setFilters({ stock: undefined }) });

  const activeCount = chips.filter((chip) => chip.key !== 'q').length;
  return (
    <TableFilters
      search={
        <div className={styles.searchRow}>
          <SearchInput value={state.q} onChange={state.setQuery} placeholder="Name, SKU, stone…" />
          <button type="button" className={styles.filtersToggle} aria-expanded={isOpen} onClick={() => setIsOpen((open) => !open)}>
            Filters{activeCount > 0 ? ` (${activeCount})` : ''}
          </button>
        </div>
      }
      filters={
        <div className={styles.filterSelects} data-open={isOpen || undefined}>
          {selects}
        </div>
      }
      chips={<FilterChips chips={chips} onClearAll={state.clearFilters} />}
    />
  );
}
