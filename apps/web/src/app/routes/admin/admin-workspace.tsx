import type { Collection, OrderSummary, Product, User } from '@mirror/contract';
import { WorkspaceLayout, type WorkspaceNavGroup, type WorkspaceScreen } from '../../../components/workspace/workspace-layout';
import type { PaletteResult, PaletteSource } from '../../../components/workspace/command-palette';
import { paths, to } from '../../../config/routes';
import { apiClient } from '../../../lib/api-client';
import { ApiError } from '../../../lib/errors';
import { lazyPage } from '../../lazy-page';
import { workspaceNotFound } from '../workspace-not-found';

const ADMIN_NAV: readonly WorkspaceNavGroup[] = [
  { items: [{ label: 'Overview', to: paths.adminDashboard, icon: 'overview', isEnd: true }] },
  {
    label: 'Catalog',
    items: [
      { label: 'Products', to: paths.adminManageProducts, icon: 'products' },
      { label: 'Collections', to: paths.adminCollections, icon: 'collections' },
      { label: 'Taxonomy', to: paths.adminTaxonomy, icon: 'taxonomy' },
    ],
  },
  {
    label: 'Sales',
    items: [
      { label: 'Orders', to: paths.adminOrders, icon: 'orders' },
      { label: 'Payments', to: paths.adminPayments, icon: 'payments' },
    ],
  },
  {
    label: 'People and places',
    items: [
      { label: 'Designers', to: paths.adminDesigners, icon: 'designers' },
      { label: 'Vendors', to: paths.adminVendors, icon: 'vendors' },
      { label: 'Locations', to: paths.adminLocations, icon: 'locations' },
      { label: 'Users', to: paths.adminUsers, icon: 'users' },
    ],
  },
  {
    label: 'Operations',
    items: [
      { label: 'Emails', to: paths.adminEmails, icon: 'emails' },
      { label: 'Submissions', to: paths.adminSubmissions, icon: 'submissions' },
      { label: 'Activity', to: paths.adminActivity, icon: 'activity' },
    ],
  },
];

function productResult(product: Product): PaletteResult {
  return { id: product.id, label: product.name, detail: product.sku, to: to.adminProduct(product.id) };
}

/** A piece by exact SKU first (what staff type from a tag), then by name through the catalog search. */
const productsSource: PaletteSource = {
  id: 'products',
  heading: 'Pieces',
  minLength: 2,
  search: async (q, signal) => {
    const [bySku, byName] = await Promise.all([
      /^[A-Za-z0-9][A-Za-z0-9._-]{1,39}$/.test(q)
        ? apiClient.get<Product>(`/api/products/sku/${encodeURIComponent(q)}`, { signal }).catch((error: unknown) => {
            if (error instanceof ApiError && error.status === 404) return null;
            throw error;
          })
        : Promise.resolve(null),
      apiClient.get<{ content: Product[] }>('/api/products/search', { query: { q, size: 6 }, signal }),
    ]);
    const seen = new Set<string>();
    return [bySku, ...byName.content]
      .filter((p): p is Product => p !== null && !seen.has(p.id) && Boolean(seen.add(p.id)))
      .map(productResult);
  },
};

const collectionsSource: PaletteSource = {
  id: 'collections',
  heading: 'Collections',
  minLength: 2,
  search: async (q, signal) => {
    const page = await apiClient.get<{ content: Collection[] }>('/api/collections/search', { query: { q, size: 5 }, signal });
    return page.content.map((c) => ({
      id: c.id,
      label: c.name,
      detail: `${c.season.charAt(0)}${c.season.slice(1).toLowerCase()} ${c.year}`,
      to: to.adminCollection(c.id),
    }));
  },
};

/** People by username, email or name (the users search); opens the Users table searched for that username. */
const usersSource: PaletteSource = {
  id: 'users',
  heading: 'People',
  minLength: 2,
  search: async (q, signal) => {
    const page = await apiClient.get<{ content: User[] }>('/api/users/search', { query: { q, size: 5 }, signal });
    return page.content.map((u) => ({
      id: u.id,
      label: [u.firstName, u.lastName].filter(Boolean).join(' ') || u.username,
      detail: `${u.username} · ${u.email}`,
      to: `${paths.adminUsers}?q=${encodeURIComponent(u.username)}`,
    }));
  },
};

/** An order by its number (or part of it: 'MR-2026-0012', '0012'); the orders search also matches the client. */
const ordersSource: PaletteSource = {
  id: 'orders',
  heading: 'Orders',
  minLength: 3,
  search: async (q, signal) => {
    const page = await apiClient.get<{ content: OrderSummary[] }>('/api/orders', { query: { q, size: 5 }, signal });
    return page.content.map((o) => ({
      id: o.id,
      label: o.number,
      detail: `${o.customerName} · ${o.status.charAt(0)}${o.status.slice(1).toLowerCase().replace(/_/g, ' ')}`,
      to: to.adminOrder(o.id),
    }));
  },
};

const lazy = {
  overview: lazyPage(() => import('./overview-page')),
  products: lazyPage(() => import('./products-page')),
  productEditor: lazyPage(() => import('./product-editor-page')),
  productTrash: lazyPage(() => import('./product-trash-page')),
  collections: lazyPage(() => import('./collections-page')),
  collection: lazyPage(() => import('./collection-page')),
  collectionTrash: lazyPage(() => import('./collection-trash-page')),
  taxonomy: lazyPage(() => import('./taxonomy-page')),
  users: lazyPage(() => import('./users-page')),
  emails: lazyPage(() => import('./emails-page')),
  submissions: lazyPage(() => import('./submissions-page')),
  submission: lazyPage(() => import('./submission-page')),
  orders: lazyPage(() => import('./orders-page')),
  orderNew: lazyPage(() => import('./order-new-page')),
  order: lazyPage(() => import('./order-page')),
  paymentReceipt: lazyPage(() => import('./payment-receipt-page')),
  payments: lazyPage(() => import('./payments-page')),
  designers: lazyPage(() => import('./designers-page')),
  designer: lazyPage(() => import('./designer-page')),
  vendors: lazyPage(() => import('./vendors-page')),
  vendor: lazyPage(() => import('./vendor-page')),
  locations: lazyPage(() => import('./locations-page')),
  location: lazyPage(() => import('./location-page')),
  locationTrash: lazyPage(() => import('./location-trash-page')),
  activity: lazyPage(() => import('./activity-page')),
};

// `key` per path: the editor's two paths (new, one piece) are two mounts, not one reused form.
const ADMIN_SCREENS: readonly WorkspaceScreen[] = (
  [
    [paths.adminDashboard, lazy.overview],
    [paths.adminManageProducts, lazy.products],
    [paths.adminProductNew, lazy.productEditor],
    [paths.adminProductTrash, lazy.productTrash],
    [paths.adminProduct, lazy.productEditor],
    [paths.adminCollections, lazy.collections],
    [paths.adminCollectionNew, lazy.collection],
    [paths.adminCollectionTrash, lazy.collectionTrash],
    [paths.adminCollection, lazy.collection],
    [paths.adminTaxonomy, lazy.taxonomy],
    [paths.adminUsers, lazy.users],
    [paths.adminEmails, lazy.emails],
    [paths.adminSubmissions, lazy.submissions],
    [paths.adminSubmission, lazy.submission],
    [paths.adminOrders, lazy.orders],
    [paths.adminOrderNew, lazy.orderNew],
    [paths.adminPaymentReceipt, lazy.paymentReceipt],
    [paths.adminOrder, lazy.order],
    [paths.adminPayments, lazy.payments],
    [paths.adminDesigners, lazy.designers],
    [paths.adminDesignerNew, lazy.designer],
    [paths.adminDesigner, lazy.designer],
    [paths.adminVendors, lazy.vendors],
    [paths.adminVendorNew, lazy.vendor],
    [paths.adminVendor, lazy.vendor],
    [paths.adminLocations, lazy.locations],
    [paths.adminLocationNew, lazy.location],
    [paths.adminLocationTrash, lazy.locationTrash],
    [paths.adminLocation, lazy.location],
    [paths.adminActivity, lazy.activity],
  ] as const
).map(([path, screen]) => ({ path, element: <screen.Route key={path} /> }));

/** The admin's back-office (issue 10; part II adds orders, people, places). */
export default function AdminWorkspace() {
  return (
    <WorkspaceLayout
      title="Admin"
      base={paths.adminDashboard}
      screens={ADMIN_SCREENS}
      notFound={workspaceNotFound}
      groups={ADMIN_NAV}
      paletteSources={[productsSource, ordersSource, collectionsSource, usersSource]}
    />
  );
}
