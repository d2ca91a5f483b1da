/**
 * Every path of the application, in one place (docs/product.md §2). Patterns use React Router syntax;
 * `to.*` builds concrete URLs for the parameterised ones.
 */
export const paths = {
  welcome: '/',
  welcomeAlias: '/welcome',
  home: '/home',
  auth: '/auth',
  login: '/auth/login',
  register: '/auth/register',
  /** Where the emailed confirmation links land (`?token=…`; the API builds them with the contract's CONFIRM_EMAIL_PATH). */
  confirmEmail: '/auth/confirm',
  products: '/products',
  productsV2: '/products-v2',
  productsLeft: '/products-left',
  productDetail: '/products/:productId',
  allGems: '/all-gems',
  collections: '/collections',
  collectionDetail: '/collections/:collectionId',
  services: '/services',
  servicesDetail: '/services/detail',
  support: '/support',
  contact: '/contact',
  about: '/about',
  locations: '/locations',
  news: '/news',
  newsArticle: '/news/:slug',
  /** The journal's archive (docs/product.md §2; its path is ours, decisions §65). */
  allNews: '/all-news',
  /** The house's newest cut: its story, geometry and pieces (docs/product.md §2; its path is ours, decisions §91). */
  newCut: '/new-cut',
  immersiveShowroom: '/immersive-showroom',
  jewelryWeek: '/mirror-in-milan-digital-jewelry-week',
  jewelryWeekSuccess: '/mirror-in-milan-digital-jewelry-week/submit-success',
  hoverExpand: '/hover-expand',
  view360: '/view-360',
  userProfile: '/user-profile',
  arRing: '/ar/rings/:ringId',
  universeFinal: '/universe-final',
  adminDashboard: '/dashboard/admin',
  adminManageProducts: '/dashboard/admin/manage-products',
  adminProductNew: '/dashboard/admin/manage-products/new',
  adminProductTrash: '/dashboard/admin/manage-products/trash',
  adminProduct: '/dashboard/admin/manage-products/:productId',
  adminCollections: '/dashboard/admin/collections',
  adminCollectionNew: '/dashboard/admin/collections/new',
  adminCollectionTrash: '/dashboard/admin/collections/trash',
  adminCollection: '/dashboard/admin/collections/:collectionId',
  adminTaxonomy: '/dashboard/admin/taxonomy',
  adminUsers: '/dashboard/admin/users',
  adminEmails: '/dashboard/admin/emails',
  adminSubmissions: '/dashboard/admin/submissions',
  adminSubmission: '/dashboard/admin/submissions/:submissionId',
  adminOrders: '/dashboard/admin/orders',
  adminOrderNew: '/dashboard/admin/orders/new',
  adminOrder: '/dashboard/admin/orders/:orderId',
  adminPaymentReceipt: '/dashboard/admin/orders/:orderId/payments/:paymentId/receipt',
  adminPayments: '/dashboard/admin/payments',
  adminDesigners: '/dashboard/admin/designers',
  adminDesignerNew: '/dashboard/admin/designers/new',
  adminDesigner: '/dashboard/admin/designers/:designerId',
  adminVendors: '/dashboard/admin/vendors',
  adminVendorNew: '/dashboard/admin/vendors/new',
  adminVendor: '/dashboard/admin/vendors/:vendorId',
  adminLocations: '/dashboard/admin/locations',
  adminLocationNew: '/dashboard/admin/locations/new',
  adminLocationTrash: '/dashboard/admin/locations/trash',
  adminLocation: '/dashboard/admin/locations/:locationId',
  adminActivity: '/dashboard/admin/activity',
  vendorDashboard: '/dashboard/vendor',
  designerDashboard: '/dashboard/designer',
  vendorProducts: '/dashboard/vendor/products',
  designerDesigns: '/dashboard/designer/designs',
  designerSubmissions: '/dashboard/designer/submissions',
  vendorProductNew: '/dashboard/vendor/products/new',
  vendorProduct: '/dashboard/vendor/products/:productId',
  vendorOrders: '/dashboard/vendor/orders',
  designerProfile: '/dashboard/designer/profile',
} as const;

export type PathKey = keyof typeof paths;

export const to = {
  product: (productId: string) => `/products/${encodeURIComponent(productId)}`,
  /** The appointment request form on the contact page, optionally about a piece or a boutique. */
  appointment: (about: { piece?: string; boutique?: string } = {}) => {
    const search = new URLSearchParams({ appointment: '1' });
    if (about.piece) search.set('piece', about.piece);
    if (about.boutique) search.set('boutique', about.boutique);
    return `/contact?${search.toString()}`;
  },
  view360: (productId: string) => `/view-360?product=${encodeURIComponent(productId)}`,
  allGemsPieces: (stone: string) => `/products-left?stone=${encodeURIComponent(stone)}`,
  collection: (collectionId: string) => `/collections/${encodeURIComponent(collectionId)}`,
  newsArticle: (slug: string) => `/news/${encodeURIComponent(slug)}`,
  arRing: (ringId: string) => `/ar/rings/${encodeURIComponent(ringId)}`,
  adminProduct: (productId: string) => `/dashboard/admin/manage-products/${encodeURIComponent(productId)}`,
  adminCollection: (collectionId: string) => `/dashboard/admin/collections/${encodeURIComponent(collectionId)}`,
  adminSubmission: (submissionId: string) => `/dashboard/admin/submissions/${encodeURIComponent(submissionId)}`,
  adminOrder: (orderId: string) => `/dashboard/admin/orders/${encodeURIComponent(orderId)}`,
  adminPaymentReceipt: (orderId: string, paymentId: string) =>
    `/dashboard/admin/orders/${encodeURIComponent(orderId)}/payments/${encodeURIComponent(paymentId)}/receipt`,
  adminDesigner: (designerId: string) => `/dashboard/admin/designers/${encodeURIComponent(designerId)}`,
  adminVendor: (vendorId: string) => `/dashboard/admin/vendors/${encodeURIComponent(vendorId)}`,
  adminLocation: (locationId: string) => `/dashboard/admin/locations/${encodeURIComponent(locationId)}`,
  vendorProduct: (productId: string) => `/dashboard/vendor/products/${encodeURIComponent(productId)}`,
  /** Sign-in page that returns to `next` afterwards. */
  login: (next?: string) => (next ? `${paths.login}?next=${encodeURIComponent(next)}` : paths.login),
};

/** Only same-site absolute paths may be used as a post-sign-in destination (no open redirect; the API's form sign-in uses it too). */
export { safeNextPath } from '@mirror/contract/navigation';
