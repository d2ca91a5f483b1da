import type { ReactNode } from 'react';
import type { Product } from '@mirror/contract';
import { createColumnHelper, StatusDot, type CellContext, type ColumnDef } from '../../../components/data-table';
import { formatPrice, formatShortDate, humanize } from '../../../lib/format';
import { StockCell } from './stock-cell';
import styles from './admin-products.module.css';

const column = createColumnHelper<Product>();

/** The smallest rendition that still fills 40 CSS px on a 2× screen. */
function thumbnailUrl(product: Product): string | null {
  const image = product.images[0];
  if (!image) return null;
  const fitting = [...image.srcset].filter((s) => s.width >= 80).sort((a, b) => a.width - b.width)[0];
  return fitting?.url ?? image.url;
}

export function ProductThumb({ product }: { product: Product }) {
  const url = thumbnailUrl(product);
  // The name sits next to it: the image adds nothing for a screen reader.
  return url ? (
    <img className={styles.thumb} src={url} alt="" width={40} height={40} loading="lazy" decoding="async" />
  ) : (
    <span className={styles.thumb} aria-hidden="true" />
  );
}

/** Image and name in one cell: on a phone this is the column that stays while the rest scrolls. */
function nameColumn(isSortable: boolean) {
  return column.accessor('name', {
    id: 'name',
    header: 'Name',
    enableHiding: false,
    enableSorting: isSortable,
    cell: (info) => (
      <span className={styles.piece}>
        <ProductThumb product={info.row.original} />
        <span className={styles.pieceName} title={info.getValue()}>
          {info.getValue()}
        </span>
      </span>
    ),
  });
}

/** Long names (vendors, categories) stop at a width; the whole text is in the tooltip. */
function Truncated({ text }: { text: string | undefined }) {
  if (!text) return <span className={styles.muted}>—</span>;
  return (
    <span className={styles.truncated} title={text}>
      {text}
    </span>
  );
}

const STATUS_TONE = { ACTIVE: 'ink', DRAFT: 'muted', ARCHIVED: 'muted' } as const;

export function StatusCell({ product }: { product: Product }) {
  return <StatusDot tone={STATUS_TONE[product.status]}>{humanize(product.status)}</StatusDot>;
}

/**
 * The stock column's cell: one function for the module's life. The table renders a cell function as a
 * component (flexRender), so a function made anew with the columns — they are, each time the filters'
 * labels change, as after the refetch that follows a stock change — would be another component type:
 * React would remount the cell and lose the quantity being typed into it, with its focus (issue 10).
 */
const stockCell = (info: CellContext<Product, number>) => <StockCell product={info.row.original} />;

/**
 * The products table's columns; `labels` names categories and vendors by id. What staff act on
 * comes first (price, stock, status); the descriptive attributes follow and scroll sideways when
 * the screen is narrower than the table, the piece's name staying in view.
 */
export function productColumns(
  labels: Map<string, string>,
  { isSortable, isVendorScope = false }: { isSortable: boolean; isVendorScope?: boolean },
): ColumnDef<Product, never>[] {
  // A vendor's own table: every row is theirs, and featuring is the house's.
  const columns = [
    nameColumn(isSortable),
    column.accessor('sku', {
      id: 'sku',
      header: 'SKU',
      enableSorting: isSortable,
      cell: (info) => <span className={styles.sku}>{info.getValue()}</span>,
    }),
    column.accessor('categoryId', {
      id: 'category',
      header: 'Category',
      enableSorting: false,
      cell: (info) => <Truncated text={labels.get(info.getValue())} />,
    }),
    column.accessor((p) => p.price?.amount ?? p.priceRange?.min ?? null, {
      id: 'price',
      header: 'Price',
      enableSorting: isSortable,
      meta: { align: 'end' },
      cell: (info) => formatPrice(info.row.original),
    }),
    column.accessor('stockQuantity', {
      id: 'stock',
      header: 'Stock',
      enableSorting: isSortable,
      meta: { align: 'end' },
      cell: stockCell,
    }),
    column.accessor('status', {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      cell: (info) => <StatusCell product={info.row.original} />,
    }),
    column.accessor('isFeatured', {
      id: 'featured',
      header: 'Featured',
      enableSorting: false,
      cell: (info) => (info.getValue() ? <StatusDot tone="gold">Featured</StatusDot> : <span className={styles.muted}>—</span>),
    }),
    column.accessor('metalType', { id: 'metal', header: 'Metal', enableSorting: false, cell: (info) => humanize(info.getValue()) }),
    column.accessor((p) => p.gemstone?.type ?? null, {
      id: 'stone',
      header: 'Stone',
      enableSorting: false,
      cell: (info) => info.getValue() ?? '—',
    }),
    column.accessor('vendorId', {
      id: 'vendor',
      header: 'Vendor',
      enableSorting: false,
      cell: (info) => <Truncated text={labels.get(info.getValue())} />,
    }),
    column.accessor('updatedAt', {
      id: 'updatedAt',
      header: 'Updated',
      enableSorting: isSortable,
      meta: { align: 'end' },
      cell: (info) => formatShortDate(info.getValue()),
    }),
    column.accessor('createdAt', {
      id: 'createdAt',
      header: 'Created',
      enableSorting: isSortable,
      meta: { align: 'end', isHiddenByDefault: true },
      cell: (info) => formatShortDate(info.getValue()),
    }),
  ];
  return isVendorScope ? columns.filter((c) => c.id !== 'vendor' && c.id !== 'featured') : columns;
}

/** The Trash: what a person needs to recognise a piece and decide. */
export function trashColumns(
  labels: Map<string, string>,
  { isSortable, actions }: { isSortable: boolean; actions: (product: Product) => ReactNode },
): ColumnDef<Product, never>[] {
  const columns = [
    nameColumn(isSortable),
    column.accessor('sku', {
      id: 'sku',
      header: 'SKU',
      enableSorting: isSortable,
      cell: (info) => <span className={styles.sku}>{info.getValue()}</span>,
    }),
    column.accessor('categoryId', {
      id: 'category',
      header: 'Category',
      enableSorting: false,
      cell: (info) => <Truncated text={labels.get(info.getValue())} />,
    }),
    column.accessor('vendorId', {
      id: 'vendor',
      header: 'Vendor',
      enableSorting: false,
      cell: (info) => <Truncated text={labels.get(info.getValue())} />,
    }),
    column.accessor('status', {
      id: 'status',
      header: 'Status',
      enableSorting: false,
      cell: (info) => <StatusCell product={info.row.original} />,
    }),
    column.accessor('deletedAt', {
      id: 'deletedAt',
      header: 'Deleted',
      enableSorting: false,
      meta: { align: 'end' },
      cell: (info) => formatShortDate(info.getValue()),
    }),
    column.accessor('updatedAt', {
      id: 'updatedAt',
      header: 'Updated',
      enableSorting: isSortable,
      meta: { align: 'end', isHiddenByDefault: true },
      cell: (info) => formatShortDate(info.getValue()),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      enableHiding: false,
      meta: { align: 'end', label: 'Actions' },
      cell: (info) => actions(info.row.original),
    }),
  ];
  return columns;
}
