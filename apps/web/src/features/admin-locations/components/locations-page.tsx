import { useQuery } from '@tanstack/react-query';
import { LOCATION_TYPES, type Location, type LocationType } from '@mirror/contract';
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
import { locationFacetsQuery, locationsListQuery, type LocationFilter } from '../api/admin-locations.queries';
import { openDays } from '../hours';
import styles from './admin-locations.module.css';

const FILTERS = {
  city: param.optionalString(),
  type: param.optionalOneOf(LOCATION_TYPES),
  state: param.optionalOneOf(['active', 'inactive'] as const),
};
const SORTABLE = ['name', 'type', 'city', 'country', 'createdAt'] as const;

const column = createColumnHelper<Location>();
const COLUMNS = [
  column.accessor('name', {
    id: 'name',
    header: 'Name',
    cell: ({ row }) => (
      <span className={styles.nameCell}>
        <Link className={styles.rowLink} to={to.adminLocation(row.original.id)}>
          {row.original.name}
        </Link>
        <span className={styles.secondary}>{row.original.address}</span>
      </span>
    ),
  }),
  column.accessor('type', { id: 'type', header: 'Type', cell: ({ getValue }) => humanize(getValue()) }),
  column.accessor('city', { id: 'city', header: 'City' }),
  column.accessor('country', { id: 'country', header: 'Country' }),
  column.accessor('openingHours', {
    id: 'hours',
    header: 'Open',
    enableSorting: false,
    meta: { align: 'end', label: 'Days open a week' },
    cell: ({ getValue }) => {
      const days = openDays(getValue());
      return <span className={styles.num}>{days === 0 ? '—' : `${days} ${days === 1 ? 'day' : 'days'}`}</span>;
    },
  }),
  column.accessor('isActive', {
    id: 'state',
    header: 'State',
    enableSorting: false,
    cell: ({ getValue }) => (getValue() ? <StatusDot tone="ink">Active</StatusDot> : <StatusDot tone="muted">Inactive</StatusDot>),
  }),
  column.accessor('createdAt', {
    id: 'createdAt',
    header: 'Added',
    meta: { align: 'end', isHiddenByDefault: true },
    cell: ({ getValue }) => <span className={styles.num}>{formatShortDate(getValue())}</span>,
  }),
];

function toApiFilter(filters: {
  city: string | undefined;
  type: LocationType | undefined;
  state: 'active' | 'inactive' | undefined;
}): LocationFilter {
  return { city: filters.city, type: filters.type, active: filters.state === undefined ? undefined : filters.state === 'active' };
}

/** /dashboard/admin/locations: the house's boutiques, ateliers and offices, by city, type and state. */
export default function LocationsPage() {
  const navigate = useNavigate();
  const state = useTableUrlState(FILTERS, { sortable: SORTABLE, defaultSort: { id: 'name', desc: false } });
  const filter = toApiFilter(state.filters);
  const list = useQuery(locationsListQuery({ q: state.q, ...filter, sort: state.apiSort, page: state.page, size: state.size }));
  // One facets call: the API counts each dimension without its own filter, so a choice never empties its options.
  const facets = useQuery(locationFacetsQuery(filter));

  // The facets take no search text: while searching, their counts would not match the rows.
  const showCounts = state.q === '';
  const cityOptions = useMemo(() => {
    const options = (facets.data?.cities ?? []).map((c) => ({ value: c.value, label: c.value, count: showCounts ? c.count : undefined }));
    const chosen = state.filters.city;
    // A city typed in the URL in another case, or with no location left, stays choosable.
    return chosen && !options.some((o) => o.value.toLowerCase() === chosen.toLowerCase())
      ? [{ value: chosen, label: chosen, count: showCounts ? 0 : undefined }, ...options]
      : options;
  }, [facets.data, state.filters.city, showCounts]);
  const cityValue = cityOptions.find((o) => o.value.toLowerCase() === state.filters.city?.toLowerCase())?.value;
  const typeOptions = LOCATION_TYPES.map((type) => ({
    value: type,
    label: humanize(type),
    count: showCounts ? (facets.data?.types.find((t) => t.value === type)?.count ?? 0) : undefined,
  }));
  const stateOptions = [
    { value: 'active', label: 'Active' },
    { value: 'inactive', label: 'Inactive' },
  ];

  const chips: FilterChip[] = [
    ...(state.q ? [{ key: 'q', label: `“${state.q}”`, onRemove: () => state.setQuery('') }] : []),
    ...(state.filters.city
      ? [{ key: 'city', label: cityValue ?? state.filters.city, onRemove: () => state.setFilters({ city: undefined }) }]
      : []),
    ...(state.filters.type
      ? [{ key: 'type', label: humanize(state.filters.type), onRemove: () => state.setFilters({ type: undefined }) }]
      : []),
    ...(state.filters.state
      ? [
          {
            key: 'state',
            label: state.filters.state === 'active' ? 'Active' : 'Inactive',
            onRemove: () => state.setFilters({ state: undefined }),
          },
        ]
      : []),
  ];
  const isFiltered = chips.length > 0;
  const total = list.data?.totalElements;

  return (
    <WorkspacePage
      title="Locations"
      subtitle={
        total === undefined
          ? '\u00a0'
          : `${formatCount(total)} ${total === 1 ? 'location' : 'locations'}${isFiltered ? (total === 1 ? ' matches' : ' match') : ''}`
      }
      actions={
        <>
          <Link to={paths.adminLocationTrash} className={buttonClassName({ variant: 'secondary', size: 'small' })}>
            Trash
          </Link>
          <Link to={paths.adminLocationNew} className={buttonClassName({ size: 'small' })}>
            New location
          </Link>
        </>
      }
    >
      <DataTable<Location>
        id="admin-locations"
        caption="Locations"
        columns={COLUMNS}
        query={list}
        state={state}
        getRowId={(l) => l.id}
        rowLabel={(l) => l.name}
        onOpen={(l) => navigate(to.adminLocation(l.id))}
        noun="locations"
        toolbar={
          <TableFilters
            search={<SearchInput value={state.q} onChange={state.setQuery} placeholder="Search name, city, address" />}
            filters={
              <>
                <FilterSelect
                  label="City"
                  value={cityValue}
                  options={cityOptions}
                  allLabel="All cities"
                  onChange={(v) => state.setFilters({ city: v })}
                />
                <FilterSelect
                  label="Type"
                  value={state.filters.type}
                  options={typeOptions}
                  allLabel="All types"
                  onChange={(v) => state.setFilters({ type: v as LocationType | undefined })}
                />
                <FilterSelect
                  label="State"
                  value={state.filters.state}
                  options={stateOptions}
                  allLabel="All"
                  onChange={(v) => state.setFilters({ state: v as 'active' | 'inactive' | undefined })}
                />
              </>
            }
            chips={<FilterChips chips={chips} onClearAll={state.clearFilters} />}
          />
        }
        empty={
          isFiltered ? (
            <EmptyState title="No location matches these filters">
              <Button variant="secondary" size="small" onClick={state.clearFilters}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState title="No locations yet">
              <p>Boutiques, ateliers and showrooms appear on the site's Boutiques page with their hours and services.</p>
              <Link to={paths.adminLocationNew} className={buttonClassName({ size: 'small' })}>
                New location
              </Link>
            </EmptyState>
          )
        }
      />
    </WorkspacePage>
  );
}
