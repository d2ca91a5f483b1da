import type { ProductFacets } from '@mirror/contract';
import { useQuery } from '@tanstack/react-query';
import { useState, type SubmitEvent } from 'react';
import { EmptyState, QueryError } from '../../../components/feedback/query-state';
import { PIECE_GRID_SIZES } from '../../../components/media/grid-sizes';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { formatTotal, humanize } from '../../../lib/format';
import { productFacetsQuery, productsListQuery } from '../api/catalog.queries';
import { FacetPanel } from './facet-panel';
import { linkablePages, Pagination } from './pagination';
import styles from './product-browser.module.css';
import { ProductCard } from './product-card';
import { SORTS, toListParams, useProductListState, type SortValue } from './use-product-list-state';

export type BrowserLayout = 'grid' | 'large' | 'sidebar';

export const PAGE_SIZE: Record<BrowserLayout, number> = { grid: 12, large: 8, sidebar: 12 };
/** The grid's class per layout (product-browser.module.css: four, two or three columns on a desktop). */
const LAYOUT_CLASS: Record<BrowserLayout, string | undefined> = { grid: styles.four, large: styles.large, sidebar: styles.sidebar };
export const SIZES: Record<BrowserLayout, string> = {
  grid: PIECE_GRID_SIZES.four,
  large: PIECE_GRID_SIZES.large,
  sidebar: PIECE_GRID_SIZES.sidebar,
};

function SearchBox({ value, onSearch }: { value: string; onSearch: (q: string) => void }) {
  const [text, setText] = useState(value);
  // A search set elsewhere (the URL, "clear") replaces what is typed: put right during the render that brings it.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  return (
    <form role="search" className={styles.search} onSubmit={onSubmit}>
      <label htmlFor="product-search" className="visually-hidden">
        Search the collections
      </label>
      <input
        id="product-search"
        type="search"
        className={styles.searchInput}
        placeholder="A piece, a stone, a metal"
        value={text}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="submit" className={styles.searchButton}>
        Search
      </button>
    </form>
  );
}

function facetOptions(values: ProductFacets['categories'] | undefined) {
  return (values ?? []).filter((v) => v.count > 0).map((v) => ({ value: v.value, label: v.label ?? humanize(v.value) }));
}

function InlineFilters({ facets }: { facets: ProductFacets | undefined }) {
  const { state, update } = useProductListState();
  return (
    <div className={styles.inlineFilters}>
      <label className={styles.inlineField}>
        <span className="eyebrow">Category</span>
        <select value={state.category ?? ''} onChange={(e) => update({ category: e.target.value || undefined })}>
          <option value="">All</option>
          {facetOptions(facets?.categories).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.inlineField}>
        <span className="eyebrow">Metal</span>
        <select value={state.metal ?? ''} onChange={(e) => update({ metal: (e.target.value || undefined) as typeof state.metal })}>
          <option value="">All</option>
          {facetOptions(facets?.metals).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      </label>
    </div>
  );
}

function GridSkeleton({ count, layout }: { count: number; layout: BrowserLayout }) {
  return (
    <div className={`${styles.grid} ${LAYOUT_CLASS[layout]}`} aria-hidden="true" data-testid="products-loading">
      {Array.from({ length: count }, (_, i) => (
        <div key={i} className={styles.skeletonCard}>
          <Skeleton aspectRatio="4 / 5" />
          <Skeleton variant="text" width="60%" />
          <Skeleton variant="text" width="40%" />
        </div>
      ))}
    </div>
  );
}

export interface ProductBrowserProps {
  layout: BrowserLayout;
}

/** The catalog over the URL state: search, sort, filters, pages — in one of three layouts. */
export function ProductBrowser({ layout }: ProductBrowserProps) {
  const { state, update, clear, activeFilterCount } = useProductListState();
  const size = PAGE_SIZE[layout];
  const params = toListParams(state, size);
  const list = useQuery(productsListQuery(params));
  const { q, sort: _s, page: _p, size: _z, ...filter } = params;
  // Facet counts follow the search too: they count what it finds.
  const facets = useQuery(productFacetsQuery(filter, q));
  const total = list.data?.totalElements;
  // Some word matched nothing as typed: the pieces shown are those of its nearest spelling, under their own heading.
  const correctedQuery = q ? (list.data?.correctedQuery ?? null) : null;

  const results = (() => {
    if (list.isPending) return <GridSkeleton count={size} layout={layout} />;
    if (list.isError) return <QueryError error={list.error} onRetry={() => void list.refetch()} title="The pieces could not be loaded" />;
    if (list.data.content.length === 0)
      return (
        <EmptyState title="No piece matches this selection">
          <p>Try fewer filters, or let our concierge search the archives for you.</p>
          <Button variant="secondary" size="small" onClick={clear} className={styles.emptyAction}>
            Clear all filters
          </Button>
        </EmptyState>
      );
    return (
      <>
        {correctedQuery ? (
          <div className={styles.didYouMean} data-testid="did-you-mean">
            <p className={styles.noExact}>No piece matches “{q}” exactly.</p>
            <h2 className={styles.didYouMeanHeading}>
              Did you mean{' '}
              <button type="button" className={styles.correction} onClick={() => update({ q: correctedQuery })}>
                “{correctedQuery}”
              </button>
              ?
            </h2>
          </div>
        ) : null}
        <ul className={`${styles.grid} ${LAYOUT_CLASS[layout]}`} aria-busy={list.isPlaceholderData || undefined} data-testid="product-grid">
          {list.data.content.map((product, index) => (
            <li key={product.id}>
              <ProductCard
                product={product}
                sizes={SIZES[layout]}
                isPriority={index < (layout === 'large' ? 1 : 2)}
                variant={layout === 'large' ? 'large' : 'regular'}
                headingLevel={2}
              />
            </li>
          ))}
        </ul>
        {/* Lists and searches link their pages within the API's offset window (a search pages no further: decision 0131). */}
        <Pagination page={state.page} totalPages={linkablePages(list.data.totalPages, size)} label="Product pages" />
      </>
    );
  })();

  return (
    <div className={`${styles.browser} ${layout === 'sidebar' ? styles.withSidebar : ''}`}>
      {layout === 'sidebar' ? <FacetPanel facets={facets.data} /> : null}
      <div className={styles.results}>
        <div className={styles.toolbar}>
          <SearchBox value={state.q ?? ''} onSearch={(q) => update({ q: q || undefined })} />
          {layout !== 'sidebar' ? <InlineFilters facets={facets.data} /> : null}
          <label className={styles.inlineField}>
            <span className="eyebrow">Sort</span>
            <select value={state.sort} onChange={(e) => update({ sort: e.target.value as SortValue })} disabled={Boolean(state.q)}>
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {state.q ? 'Relevance' : s.label}
                </option>
              ))}
            </select>
          </label>
        </div>
        <div className={styles.summary}>
          <p aria-live="polite" data-testid="result-count">
            {total === undefined ? '\u00a0' : `${formatTotal(total, list.data?.totalExact)} ${total === 1 ? 'piece' : 'pieces'}`}
          </p>
          {activeFilterCount > 0 ? (
            <button type="button" className={styles.clear} onClick={clear}>
              Clear filters ({activeFilterCount})
            </button>
          ) : null}
        </div>
        {results}
      </div>
    </div>
  );
}
