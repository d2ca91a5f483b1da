import { useQuery } from '@tanstack/react-query';
import { COLLECTION_SEASONS, type Collection, type CollectionSeason } from '@mirror/contract';
import { useMemo } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  DataTable,
  FilterChips,
  FilterSelect,
  SearchInput,
  StatusDot,
  TableFilters,
  createColumnHelper,
  useTableUrlState,
  type FilterChip,
} from '../../../components/data-table';
import { EmptyState } from '../../../components/feedback/query-state';
import { Button, buttonClassName } from '../../../components/ui/button';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { paths, to } from '../../../config/routes';
import { formatCount, formatShortDate, humanize } from '../../../lib/format';
import { param } from '../../../lib/url-state';
import { collectionFacetsQuery, collectionsListQuery, type CollectionFilter } from '../api/admin-collections.queries';
import styles from './admin-collections.module.css';

const FILTERS = {
  year: param.optionalInt({ min: 1900, max: 2200 }),
  season: param.optionalOneOf(COLLECTION_SEASONS),
  featured: param.optionalOneOf(['yes', 'no'] as const),
};
const SORTABLE = ['name', 'year', 'updatedAt'] as const;

const column = createColumnHelper<Collection>();
const COLUMNS = [
  column.accessor('name', {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <span className={styles.nameCell}>
        {row.original.coverImage ? (
          <img className={styles.cover} src={row.original.coverImage.url} alt="" width={32} height={40} loading="lazy" decoding="async" />
        ) : (
          <span className={styles.cover} aria-hidden="true" />
        )}
        <Link className={styles.rowLink} to={to.adminCollection(row.original.id)}>
          {row.original.name}
        </Link>
      </span>
    ),
  }),
  column.accessor('year', {
    id: 'year',
    header: 'Year',
    meta: { align: 'end', width: '6rem' },
    cell: ({ getValue }) => <span className={styles.num}>{getValue()}</span>,
  }),
  column.accessor('season', { id: 'season', header: 'Season', enableSorting: false, cell: ({ getValue }) => humanize(getValue()) }),
  column.accessor('isFeatured', {
    id: 'featured',
    header: 'Featured',
    enableSorting: false,
    cell: ({ getValue }) => (getValue() ? <StatusDot tone="gold">Featured</StatusDot> : <span className={styles.muted}>—</span>),
  }),
  column.accessor('productCount', {
    id: 'pieces',
    header: 'Pieces',
    enableSorting: false,
    meta: { align: 'end', width: '6rem' },
    cell: ({ getValue }) => <span className={styles.num}>{formatCount(getValue())}</span>,
  }),
  column.accessor('hero', {
    id: 'hero',
    header: 'Hero',
    enableSorting: false,
    cell: ({ row }) => {
      const { hero } = row.original;
      return hero ? (
        <span className={styles.heroCell}>
          {hero.name}
          <span className={styles.secondary}>{hero.sku}</span>
        </span>
      ) : (
        <span className={styles.muted}>—</span>
      );
    },
  }),
  column.accessor('updatedAt', {
    id: 'updatedAt',
    header: 'Updated',
    meta: { align: 'end' },
    cell: ({ getValue }) => <span className={styles.num}>{formatShortDate(getValue())}</span>,
  }),
];

function toApiFilter(filters: {
  year: number | undefined;
  season: CollectionSeason | undefined;
  featured: 'yes' | 'no' | undefined;
}): CollectionFilter {
  return { year: filters.year, season: filters.season, featured: filters.featured === undefined ? undefined : filters.featured === 'yes' };
}

/** /dashboard/admin/collections: the house's collections, searchable, filtered by year, season and featured. */
export default function CollectionsPage() {
  const navigate = useNavigate();
  const state = useTableUrlState(FILTERS, { sortable: SORTABLE, defaultSort: { id: 'year', desc: true } });
  const filter = toApiFilter(state.filters);
  const list = useQuery(collectionsListQuery({ q: state.q, ...filter, sort: state.apiSort, page: state.page, size: state.size }));
  // Each dropdown counts under the other filters, so its own choice never empties its options.
  const yearFacets = useQuery(collectionFacetsQuery({ ...filter, year: undefined }));
  const seasonFacets = useQuery(collectionFacetsQuery({ ...filter, season: undefined }));
  const featuredFacets = useQuery(collectionFacetsQuery({ ...filter, featured: undefined }));

  // The facets call takes no search text: while searching, its counts would not match the rows.
  const showCounts = state.q === '';
  const countOf = (count: number) => (showCounts ? count : undefined);
  const yearOptions = useMemo(() => {
    const options = (yearFacets.data?.years ?? []).map((y) => ({
      value: String(y.value),
      label: String(y.value),
      count: showCounts ? y.count : undefined,
    }));
    const chosen = state.filters.year;
    return chosen !== undefined && !options.some((o) => o.value === String(chosen))
      ? [{ value: String(chosen), label: String(chosen), count: showCounts ? 0 : undefined }, ...options]
      : options;
  }, [yearFacets.data, state.filters.year, showCounts]);
  const seasonOptions = COLLECTION_SEASONS.map((season) => ({
    value: season,
    label: humanize(season),
    count: countOf(seasonFacets.data?.seasons.find((s) => s.value === season)?.count ?? 0),
  }));
  const featuredCount = (value: boolean) => featuredFacets.data?.featured.find((f) => f.value === String(value))?.count ?? 0;
  const featuredOptions = [
    { value: 'yes', label: 'Featured', count: countOf(featuredCount(true)) },
    { value: 'no', label: 'Not featured', count: countOf(featuredCount(false)) },
  ];

  const chips: FilterChip[] = [
    ...(state.q ? [{ key: 'q', label: `“${state.q}”`, onRemove: () => state.setQuery('') }] : []),
    ...(state.filters.year !== undefined
      ? [{ key: 'year', label: `Year ${state.filters.year}`, onRemove: () => state.setFilters({ year: undefined }) }]
      : []),
    ...(state.filters.season
      ? [{ key: 'season', label: humanize(state.filters.season), onRemove: () => state.setFilters({ season: undefined }) }]
      : []),
    ...(state.filters.featured
      ? [
          {
            key: 'featured',
            label: state.filters.featured === 'yes' ? 'Featured' : 'Not featured',
            onRemove: () => state.setFilters({ featured: undefined }),
          },
        ]
      : []),
  ];
  const isFiltered = chips.length > 0;
  const total = list.data?.totalElements;

  return (
    <WorkspacePage
      title="Collections"
      subtitle={
        total === undefined
          ? '\u00a0'
          : `${formatCount(total)} ${total === 1 ? 'collection' : 'collections'}${isFiltered ? (total === 1 ? ' matches' : ' match') : ''}`
      }
      actions={
        <>
          <Link to={paths.adminCollectionTrash} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
            Trash
          </Link>
          <Link to={paths.adminCollectionNew} className={buttonClassName({ size: 'small' })}>
            New collection
          </Link>
        </>
      }
    >
      <DataTable<Collection>
        id="admin-collections"
        caption="Collections"
        columns={COLUMNS}
        query={list}
        state={state}
        getRowId={(c) => c.id}
        rowLabel={(c) => c.name}
        onOpen={(c) => navigate(to.adminCollection(c.id))}
        selectionKey={`${state.q}|${JSON.stringify(state.filters)}`}
        noun="collections"
        toolbar={
          <TableFilters
            search={<SearchInput value={state.q} onChange={state.setQuery} placeholder="Search by name" />}
            filters={
              <>
                <FilterSelect
                  label="Year"
                  value={state.filters.year === undefined ? undefined : String(state.filters.year)}
                  options={yearOptions}
                  allLabel="All years"
                  onChange={(v) => state.setFilters({ year: v === undefined ? undefined : Number(v) })}
                />
                <FilterSelect
                  label="Season"
                  value={state.filters.season}
                  options={seasonOptions}
                  allLabel="All seasons"
                  onChange={(v) => state.setFilters({ season: v as CollectionSeason | undefined })}
                />
                <FilterSelect
                  label="Featured"
                  value={state.filters.featured}
                  options={featuredOptions}
                  allLabel="All"
                  onChange={(v) => state.setFilters({ featured: v as 'yes' | 'no' | undefined })}
                />
              </>
            }
            chips={<FilterChips chips={chips} onClearAll={state.clearFilters} />}
          />
        }
        empty={
          isFiltered ? (
            <EmptyState title="No collection matches these filters">
              <Button variant="secondary" size="small" onClick={state.clearFilters}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState title="No collections yet">
              <p>A collection gathers pieces for a season; the site shows them in the order you set.</p>
              <Link to={paths.adminCollectionNew} className={buttonClassName({ size: 'small' })}>
                New collection
              </Link>
            </EmptyState>
          )
        }
      />
    </WorkspacePage>
  );
}
