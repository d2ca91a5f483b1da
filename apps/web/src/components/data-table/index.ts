export { DataTable, type DataTableProps, type DataTableState, type TableQuery } from './data-table';
export {
  FilterChips,
  FilterDate,
  FilterSelect,
  SearchInput,
  StatusDot,
  TableFilters,
  type FilterChip,
  type FilterOption,
} from './table-toolbar';
export {
  PAGE_SIZES,
  formatSort,
  parseSort,
  useTableUrlState,
  type PageCursor,
  type TableSort,
  type TableUrlState,
} from './use-table-url-state';
export { createColumnHelper, type CellContext, type ColumnDef } from '@tanstack/react-table';
