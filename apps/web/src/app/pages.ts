/** Every lazily loaded page of the app, one chunk each. */
import { lazyPage } from './lazy-page';

export const pages = {
  welcome: lazyPage(() => import('./routes/welcome-page')),
  home: lazyPage(() => import('./routes/home-page')),
  login: lazyPage(() => import('./routes/login-page')),
  register: lazyPage(() => import('./routes/register-page')),
  confirmEmail: lazyPage(() => import('./routes/confirm-email-page')),
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
  allNews: lazyPage(() => import('./routes/all-news-page')),
  newCut: lazyPage(() => import('./routes/new-cut-page')),
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

/**
 * The back-offices (issues 10–11): each workspace is one chunk holding its frame and its own route
 * table; every screen is a further chunk (none of it in the storefront's first load).
 */
export const workspaces = {
  admin: lazyPage(() => import('./routes/admin/admin-workspace')),
  vendor: lazyPage(() => import('./routes/vendor/vendor-workspace')),
  designer: lazyPage(() => import('./routes/designer/designer-workspace')),
};
