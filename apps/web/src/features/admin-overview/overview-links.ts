/**
 * Where each figure leads: the back-office table filtered to exactly what the figure counts. The
 * parameters are those tables' URL state (their filter specs), so a figure's link and a filter
 * chosen by hand give the same URL.
 */
import type { EmailStatus, OrderStatus, ProductStatus, Role } from '@mirror/contract';
import { paths, to } from '../../config/routes';

// Orders and payments are issue 11's next screens: their paths move to config/routes.ts when they
// are added; until then they answer with the workspace's not-found page.
const ADMIN_ORDERS = '/dashboard/admin/orders';
const ADMIN_PAYMENTS = '/dashboard/admin/payments';

function withQuery(path: string, query: Record<string, string | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined) search.set(key, value);
  const text = search.toString();
  return text ? `${path}?${text}` : path;
}

/** The products table's URL filters (admin-products' `productFilterSpec`): `?featured=yes&stock=low`. */
export interface ProductsTableFilter {
  status?: ProductStatus;
  featured?: boolean;
  stock?: 'in' | 'low' | 'out';
  /** A category id. */
  category?: string;
  /** The table's sort, as its URL writes it (`-stock` = most stock first). */
  sort?: string;
}

export const overviewLinks = {
  products: (filter: ProductsTableFilter = {}) =>
    withQuery(paths.adminManageProducts, {
      status: filter.status,
      featured: filter.featured === undefined ? undefined : filter.featured ? 'yes' : 'no',
      stock: filter.stock,
      category: filter.category,
      sort: filter.sort,
    }),
  product: (id: string) => to.adminProduct(id),
  orders: (filter: { status?: OrderStatus; from?: string; to?: string } = {}) => withQuery(ADMIN_ORDERS, filter),
  order: (id: string) => `${ADMIN_ORDERS}/${encodeURIComponent(id)}`,
  /** Schedule items by state (the API's `state`), `due` optionally up to a date. */
  payments: (filter: { state: 'overdue' | 'due'; dueTo?: string }) => withQuery(ADMIN_PAYMENTS, filter),
  users: (filter: { role?: Role; sort?: string } = {}) => withQuery(paths.adminUsers, filter),
  emails: (status?: EmailStatus) => withQuery(paths.adminEmails, { status }),
};
