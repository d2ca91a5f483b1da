/** Every lazily loaded page of the app, one chunk each. */
import { lazyPage, type LazyPage, type PageModule } from './lazy-page';

const modules = import.meta.glob<PageModule<object>>('./routes/*-page.tsx');

/** The page in `routes/<name>.tsx`; its module is named as Vite's manifest names it (the server preloads its chunk). */
function page(name: string): LazyPage<object> {
  const load = modules[`./routes/${name}.tsx`];
  if (!load) throw new Error(`no page module routes/${name}.tsx`);
  return lazyPage(load, `src/app/routes/${name}.tsx`);
}

export const pages = {
  welcome: page('welcome-page'),
  home: page('home-page'),
  login: page('login-page'),
  register: page('register-page'),
  confirmEmail: page('confirm-email-page'),
  products: page('products-page') as LazyPage<{ layout: 'grid' | 'large' | 'sidebar' }>,
  productDetail: page('product-detail-page'),
  allGems: page('all-gems-page'),
  collections: page('collections-page'),
  collectionDetail: page('collection-detail-page'),
  services: page('services-page'),
  serviceDetail: page('service-detail-page'),
  support: page('support-page'),
  about: page('about-page'),
  news: page('news-page'),
  newsArticle: page('news-article-page'),
  allNews: page('all-news-page'),
  newCut: page('new-cut-page'),
  contact: page('contact-page'),
  locations: page('locations-page'),
  hoverExpand: page('hover-expand-page'),
  userProfile: page('user-profile-page'),
  jewelryWeek: page('jewelry-week-page'),
  jewelryWeekSuccess: page('jewelry-week-success-page'),
  immersiveShowroom: page('immersive-showroom-page'),
  view360: page('view-360-page'),
  arRing: page('ar-ring-page'),
  notFound: page('not-found-page'),
  forbidden: page('forbidden-page'),
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
