/** Every lazily loaded page of the app, one chunk each. */
import { lazyPage } from './lazy-page';

export const pages = {
  welcome: lazyPage(() => import('./routes/welcome-page')),
  home: lazyPage(() => import('./routes/home-page')),
  login: lazyPage(() => import('./routes/login-page')),
  register: lazyPage(() => import('./routes/register-page')),
  products: lazyPage(() => import('./routes/products-page')),
  productDetail: lazyPage(() => import('./routes/product-detail-page')),
  allGems: lazyPage(() => import('./routes/all-gems-page')),
  collections: lazyPage(() => import('./routes/collections-page')),
  collectionDetail: lazyPage(() => import('./routes/collection-detail-page')),
  services: lazyPage(() => import('./routes/services-page')),
  serviceDetail: lazyPage(() => import('./routes/service-detail-page')),
  support: lazyPage(() => import('./routes/support-page')),
  about: lazyPage(() => import('./routes/about-page')),
  news: lazyPage(() => import('./routes/news-page')),
  newsArticle: lazyPage(() => import('./routes/news-article-page')),
  contact: lazyPage(() => import('./routes/contact-page')),
  locations: lazyPage(() => import('./routes/locations-page')),
  hoverExpand: lazyPage(() => import('./routes/hover-expand-page')),
  userProfile: lazyPage(() => import('./routes/user-profile-page')),
  jewelryWeek: lazyPage(() => import('./routes/jewelry-week-page')),
  jewelryWeekSuccess: lazyPage(() => import('./routes/jewelry-week-success-page')),
  immersiveShowroom: lazyPage(() => import('./routes/immersive-showroom-page')),
  view360: lazyPage(() => import('./routes/view-360-page')),
  arRing: lazyPage(() => import('./routes/ar-ring-page')),
  notFound: lazyPage(() => import('./routes/not-found-page')),
  forbidden: lazyPage(() => import('./routes/forbidden-page')),
};

/** The admin back-office: its frame and each screen, one chunk each (none in the storefront's first load). */
export const adminPages = {
  workspace: lazyPage(() => import('./routes/admin/admin-workspace')),
  overview: lazyPage(() => import('./routes/admin/overview-page')),
  products: lazyPage(() => import('./routes/admin/products-page')),
  productEditor: lazyPage(() => import('./routes/admin/product-editor-page')),
  productTrash: lazyPage(() => import('./routes/admin/product-trash-page')),
  collections: lazyPage(() => import('./routes/admin/collections-page')),
  collection: lazyPage(() => import('./routes/admin/collection-page')),
  collectionTrash: lazyPage(() => import('./routes/admin/collection-trash-page')),
  taxonomy: lazyPage(() => import('./routes/admin/taxonomy-page')),
  users: lazyPage(() => import('./routes/admin/users-page')),
  emails: lazyPage(() => import('./routes/admin/emails-page')),
  submissions: lazyPage(() => import('./routes/admin/submissions-page')),
  submission: lazyPage(() => import('./routes/admin/submission-page')),
  notFound: lazyPage(() => import('./routes/admin/workspace-not-found-page')),
};

/** The vendor's own back-office (issue 11): its frame and screens, one chunk each. */
export const vendorPages = {
  workspace: lazyPage(() => import('./routes/vendor/vendor-workspace')),
  overview: lazyPage(() => import('./routes/vendor/overview-page')),
  products: lazyPage(() => import('./routes/vendor/products-page')),
};

/** The designer's own back-office (issue 11), reached by URL. */
export const designerPages = {
  workspace: lazyPage(() => import('./routes/designer/designer-workspace')),
  overview: lazyPage(() => import('./routes/designer/overview-page')),
  designs: lazyPage(() => import('./routes/designer/designs-page')),
  submissions: lazyPage(() => import('./routes/designer/submissions-page')),
};
