import { useQuery } from '@tanstack/react-query';
import type { VendorType } from '@mirror/contract';
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
  type ColumnDef,
  type FilterOption,
} from '../../../components/data-table';
import { EmptyState } from '../../../components/feedback/query-state';
import { Button, buttonClassName } from '../../../components/ui/button';
import { WorkspacePage } from '../../../components/workspace/workspace-page';
import { formatCount, formatShortDate, humanize } from '../../../lib/format';
import { partiesListQuery, partyFacetsQuery } from '../api/admin-parties.queries';
import { FLAG_OPTIONS, PARTY_FILTER_SPEC, PARTY_SORTABLE, filterChips, toApiFilter } from '../party-filters';
import { PARTY_KINDS, countryName, partyImageUrl, partyName, type Party, type PartyKind, type PartyKindConfig } from '../party-kinds';
import styles from './admin-parties.module.css';

function buildColumns(config: PartyKindConfig): ColumnDef<Party, never>[] {
  const column = createColumnHelper<Party>();
  const columns = [
    column.accessor((p) => partyName(p), {
      id: 'name',
      header: 'Name',
      enableHiding: false,
      cell: ({ row }) => {
        const url = partyImageUrl(row.original);
        return (
          <span className={styles.nameCell}>
            {url ? (
              <img className={styles.avatar} src={url} alt="" width={32} height={32} loading="lazy" decoding="async" />
            ) : (
              <span className={styles.avatar} aria-hidden="true" />
            )}
            <Link className={styles.rowLink} to={config.detailPath(row.original.id)}>
              {partyName(row.original)}
            </Link>
          </span>
        );
      },
    }),
    column.accessor('code', { id: 'code', header: 'Code', cell: ({ getValue }) => <span className={styles.code}>{getValue()}</span> }),
    column.accessor((p) => config.detailOf(p), { id: 'detail', header: config.detailLabel, enableSorting: false }),
    column.accessor('country', {
      id: 'country',
      header: 'Country',
      enableSorting: false,
      cell: ({ getValue }) =>
        getValue() ? <span title={getValue() ?? ''}>{countryName(getValue())}</span> : <span className={styles.muted}>—</span>,
    }),
    column.accessor('isActive', {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      cell: ({ getValue }) => (getValue() ? <StatusDot tone="ink">Active</StatusDot> : <StatusDot tone="muted">Inactive</StatusDot>),
    }),
    column.accessor('isVerified', {
      id: 'verified',
      header: 'Verified',
      enableSorting: false,
      cell: ({ getValue }) => (getValue() ? <StatusDot tone="ink">Verified</StatusDot> : <span className={styles.muted}>—</span>),
    }),
    column.accessor('isFeatured', {
      id: 'featured',
      header: 'Featured',
      enableSorting: false,
      cell: ({ getValue }) => (getValue() ? <StatusDot tone="gold">Featured</StatusDot> : <span className={styles.muted}>—</span>),
    }),
    column.accessor('createdAt', {
      id: 'createdAt',
      header: 'Added',
      meta: { align: 'end' },
      cell: ({ getValue }) => <span className={styles.num}>{formatShortDate(getValue())}</span>,
    }),
  ];
  return columns;
}

/** Keeps a chosen value in the options even when the facets no longer list it. */
function withChosen(options: FilterOption[], chosen: string | undefined, label: (v: string) => string): FilterOption[] {
  return chosen && !options.some((o) => o.value === chosen) ? [{ value: chosen, label: label(chosen) }, ...options] : options;
}

/** /dashboard/admin/designers and /dashboard/admin/vendors: every record, searchable and filtered, state in the URL. */
export function PartiesPage({ kind }: { kind: PartyKind }) {
  const config = PARTY_KINDS[kind];
  const navigate = useNavigate();
  const state = useTableUrlState(PARTY_FILTER_SPEC, { sortable: PARTY_SORTABLE, defaultSort: { id: 'name', desc: false } });
  const filter = toApiFilter(kind, state.filters);
  const list = useQuery(partiesListQuery(kind, { q: state.q, ...filter, sort: state.apiSort, page: state.page, size: state.size }));
  const facets = useQuery(partyFacetsQuery(kind));
  const columns = useMemo(() => buildColumns(config), [config]);

  const countryOptions = withChosen(
    (facets.data?.countries ?? []).map((c) => ({ value: c.value, label: countryName(c.value), count: c.count })),
    filter.country,
    countryName,
  );
  const specialtyOptions = withChosen(
    (facets.data?.specialties ?? []).map((s) => ({ value: s.value, label: s.value, count: s.count })),
    filter.specialty,
    (v) => v,
  );
  const typeOptions = (facets.data?.types ?? []).map((t) => ({ value: t.value, label: humanize(t.value), count: t.count }));

  const chips = filterChips(kind, state.q, state.filters, {
    clearQuery: () => state.setQuery(''),
    clear: (key) => state.setFilters({ [key]: undefined }),
  });
  const isFiltered = chips.length > 0;
  const total = list.data?.totalElements;
  const newButton = (
    <Link to={config.newPath} className={buttonClassName({ size: 'small' })}>
      New {config.noun}
    </Link>
  );

  return (
    <WorkspacePage
      title={config.title}
      subtitle={
        total === undefined
          ? '\u00a0'
          : `${formatCount(total)} ${total === 1 ? config.noun : config.plural}${isFiltered ? (total === 1 ? ' matches' : ' match') : ''}`
      }
      actions={newButton}
    >
      <DataTable<Party>
        id={`admin-${config.plural}`}
        caption={config.title}
        columns={columns}
        query={list}
        state={state}
        getRowId={(p) => p.id}
        rowLabel={(p) => partyName(p)}
        onOpen={(p) => void navigate(config.detailPath(p.id))}
        noun={config.plural}
        toolbar={
          <TableFilters
            search={
              <SearchInput
                value={state.q}
                onChange={state.setQuery}
                placeholder={kind === 'designer' ? 'Name, code, specialty, biography' : 'Name, code, type, description'}
              />
            }
            filters={
              <>
                {kind === 'designer' ? (
                  <FilterSelect
                    label="Specialty"
                    value={filter.specialty}
                    options={specialtyOptions}
                    allLabel="All specialties"
                    onChange={(v) => state.setFilters({ specialty: v })}
                  />
                ) : (
                  <FilterSelect
                    label="Type"
                    value={filter.type}
                    options={typeOptions}
                    allLabel="All types"
                    onChange={(v) => state.setFilters({ type: v as VendorType | undefined })}
                  />
                )}
                <FilterSelect
                  label="Country"
                  value={filter.country}
                  options={countryOptions}
                  allLabel="All countries"
                  onChange={(v) => state.setFilters({ country: v })}
                />
                <FilterSelect
                  label="Verified"
                  value={state.filters.verified}
                  options={FLAG_OPTIONS.verified}
                  allLabel="All"
                  onChange={(v) => state.setFilters({ verified: v as 'yes' | 'no' | undefined })}
                />
                <FilterSelect
                  label="Featured"
                  value={state.filters.featured}
                  options={FLAG_OPTIONS.featured}
                  allLabel="All"
                  onChange={(v) => state.setFilters({ featured: v as 'yes' | 'no' | undefined })}
                />
                <FilterSelect
                  label="Status"
                  value={state.filters.active}
                  options={FLAG_OPTIONS.active}
                  allLabel="All"
                  onChange={(v) => state.setFilters({ active: v as 'yes' | 'no' | undefined })}
                />
              </>
            }
            chips={<FilterChips chips={chips} onClearAll={state.clearFilters} />}
          />
        }
        empty={
          isFiltered ? (
            <EmptyState title={`No ${config.noun} matches these filters`}>
              <Button variant="secondary" size="small" onClick={state.clearFilters}>
                Clear filters
              </Button>
            </EmptyState>
          ) : (
            <EmptyState title={`No ${config.plural} yet`}>
              <p>
                {kind === 'designer'
                  ? 'A designer signs pieces; link their account so they see their own dashboard.'
                  : 'A vendor makes or supplies pieces; link their account so they see their own dashboard.'}
              </p>
              {newButton}
            </EmptyState>
          )
        }
      />
    </WorkspacePage>
  );
}
