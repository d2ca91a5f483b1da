import type { ReactElement } from 'react';
import { Navigate, createBrowserRouter, matchPath, type RouteObject } from 'react-router';
import { paths } from '../config/routes';
import { AppShell } from './app-shell';
import type { LazyPage } from './lazy-page';
import { adminPages, designerPages, pages, vendorPages } from './pages';
import { RequireRole } from './require-role';
import { RouteError } from './routes/route-error';

/** The storefront pages (issue 6): path → lazy page and its props. */
function page(path: string, lazy: LazyPage<object>): { path: string; preload: () => Promise<void>; element: ReactElement } {
  return { path, preload: lazy.preload, element: <lazy.Route /> };
}

const STOREFRONT: ReadonlyArray<{ path: string; preload: () => Promise<void>; element: ReactElement }> = [
  { path: paths.products, preload: pages.products.preload, element: <pages.products.Route key="grid" layout="grid" /> },
  { path: paths.productsV2, preload: pages.products.preload, element: <pages.products.Route key="large" layout="large" /> },
  { path: paths.productsLeft, preload: pages.products.preload, element: <pages.products.Route key="sidebar" layout="sidebar" /> },
  page(paths.productDetail, pages.productDetail),
  page(paths.allGems, pages.allGems),
  page(paths.collections, pages.collections),
  page(paths.collectionDetail, pages.collectionDetail),
  page(paths.services, pages.services),
  page(paths.servicesDetail, pages.serviceDetail),
  page(paths.support, pages.support),
  page(paths.about, pages.about),
  page(paths.news, pages.news),
  page(paths.newsArticle, pages.newsArticle),
  page(paths.contact, pages.contact),
  page(paths.locations, pages.locations),
  page(paths.hoverExpand, pages.hoverExpand),
  page(paths.userProfile, pages.userProfile),
  page(paths.jewelryWeek, pages.jewelryWeek),
  page(paths.jewelryWeekSuccess, pages.jewelryWeekSuccess),
  page(paths.immersiveShowroom, pages.immersiveShowroom),
  page(paths.view360, pages.view360),
];

/** The admin back-office (issue 10): one protected layout route, each screen a lazy child. */
const ADMIN_SCREENS: ReadonlyArray<{ path: string; page: LazyPage<object> }> = [
  { path: paths.adminManageProducts, page: adminPages.products },
  { path: paths.adminProductNew, page: adminPages.productEditor },
  { path: paths.adminProductTrash, page: adminPages.productTrash },
  { path: paths.adminProduct, page: adminPages.productEditor },
  { path: paths.adminCollections, page: adminPages.collections },
  { path: paths.adminCollectionNew, page: adminPages.collection },
  { path: paths.adminCollectionTrash, page: adminPages.collectionTrash },
  { path: paths.adminCollection, page: adminPages.collection },
  { path: paths.adminTaxonomy, page: adminPages.taxonomy },
  { path: paths.adminUsers, page: adminPages.users },
  { path: paths.adminEmails, page: adminPages.emails },
  { path: paths.adminSubmissions, page: adminPages.submissions },
  { path: paths.adminSubmission, page: adminPages.submission },
];

/** The vendor's and the designer's own back-offices (issue 11): the same workspace, their own sections. */
const VENDOR_SCREENS: ReadonlyArray<{ path: string; page: LazyPage<object> }> = [
  { path: paths.vendorDashboard, page: vendorPages.overview },
  { path: paths.vendorProducts, page: vendorPages.products },
];
const DESIGNER_SCREENS: ReadonlyArray<{ path: string; page: LazyPage<object> }> = [
  { path: paths.designerDashboard, page: designerPages.overview },
  { path: paths.designerDesigns, page: designerPages.designs },
  { path: paths.designerSubmissions, page: designerPages.submissions },
];

/** A role's workspace as one protected layout route: the first screen is its index. */
function workspaceRoute(base: string, role: 'VENDOR' | 'DESIGNER', frame: LazyPage<object>, screens: ReadonlyArray<{ path: string; page: LazyPage<object> }>): RouteObject {
  return {
    path: base,
    element: (
      <RequireRole role={role}>
        <frame.Route />
      </RequireRole>
    ),
    children: [
      ...screens.map(({ path, page: screen }) => (path === base ? { index: true, element: <screen.Route key={path} /> } : { path: path.slice(base.length + 1), element: <screen.Route key={path} /> })),
      { path: '*', element: <adminPages.notFound.Route /> },
    ],
  };
}

/** Route pattern → chunk preload, for hover prefetch. */
const PRELOADS: ReadonlyArray<[string, () => Promise<void>]> = [
  [paths.welcome, pages.welcome.preload],
  [paths.welcomeAlias, pages.welcome.preload],
  [paths.home, pages.home.preload],
  [paths.login, pages.login.preload],
  [paths.register, pages.register.preload],
  [paths.arRing, pages.arRing.preload],
  ...STOREFRONT.map(({ path, preload }): [string, () => Promise<void>] => [path, preload]),
  ...VENDOR_SCREENS.map(({ path, page: screen }): [string, () => Promise<void>] => [path, () => Promise.all([vendorPages.workspace.preload(), screen.preload()]).then(() => undefined)]),
  ...DESIGNER_SCREENS.map(({ path, page: screen }): [string, () => Promise<void>] => [path, () => Promise.all([designerPages.workspace.preload(), screen.preload()]).then(() => undefined)]),
  [paths.adminDashboard, () => Promise.all([adminPages.workspace.preload(), adminPages.overview.preload()]).then(() => undefined)],
  ...ADMIN_SCREENS.map(({ path, page: screen }): [string, () => Promise<void>] => [
    path,
    () => Promise.all([adminPages.workspace.preload(), screen.preload()]).then(() => undefined),
  ]),
];

/** Loads the lazy chunk of the page at `pathname`; resolves once it is there (or has failed). */
export function preloadRoute(pathname: string): Promise<void> {
  const hit = PRELOADS.find(([pattern]) => matchPath({ path: pattern, end: true }, pathname));
  return (hit?.[1] ?? pages.notFound.preload)();
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <AppShell preloadRoute={preloadRoute} />,
    // Any rendering failure below (a lazy chunk that cannot load included) lands here.
    errorElement: <RouteError />,
    children: [
      { path: paths.welcome, element: <pages.welcome.Route /> },
      { path: paths.welcomeAlias, element: <pages.welcome.Route /> },
      { path: paths.home, element: <pages.home.Route /> },
      {
        path: paths.auth,
        children: [
          { index: true, element: <Navigate to={paths.login} replace /> },
          { path: 'login', element: <pages.login.Route /> },
          { path: 'register', element: <pages.register.Route /> },
        ],
      },
      ...STOREFRONT.map(({ path, element }) => ({ path, element })),
      { path: paths.arRing, element: <pages.arRing.Route /> },
      {
        path: paths.adminDashboard,
        element: (
          <RequireRole role="ADMIN">
            <adminPages.workspace.Route />
          </RequireRole>
        ),
        children: [
          { index: true, element: <adminPages.overview.Route /> },
          ...ADMIN_SCREENS.map(({ path, page: screen }) => ({ path: path.slice(paths.adminDashboard.length + 1), element: <screen.Route key={path} /> })),
          { path: '*', element: <adminPages.notFound.Route /> },
        ],
      },
      workspaceRoute(paths.vendorDashboard, 'VENDOR', vendorPages.workspace, VENDOR_SCREENS),
      workspaceRoute(paths.designerDashboard, 'DESIGNER', designerPages.workspace, DESIGNER_SCREENS),
      { path: '*', element: <pages.notFound.Route /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
