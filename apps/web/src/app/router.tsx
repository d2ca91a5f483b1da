import type { ReactElement } from 'react';
import { Navigate, createBrowserRouter, matchPath, type RouteObject } from 'react-router';
import type { Role } from '@mirror/contract';
import { paths } from '../config/routes';
import { AppShell } from './app-shell';
import type { LazyPage } from './lazy-page';
import { pages, workspaces } from './pages';
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
  page(paths.allNews, pages.allNews),
  page(paths.newCut, pages.newCut),
  page(paths.contact, pages.contact),
  page(paths.locations, pages.locations),
  page(paths.hoverExpand, pages.hoverExpand),
  page(paths.userProfile, pages.userProfile),
  page(paths.jewelryWeek, pages.jewelryWeek),
  page(paths.jewelryWeekSuccess, pages.jewelryWeekSuccess),
  page(paths.immersiveShowroom, pages.immersiveShowroom),
  page(paths.view360, pages.view360),
];

/** The back-offices: `<base>/*` → the role's workspace, which routes its own screens. */
const WORKSPACES: ReadonlyArray<{ base: string; role: Role; workspace: LazyPage<object> }> = [
  { base: paths.adminDashboard, role: 'ADMIN', workspace: workspaces.admin },
  { base: paths.vendorDashboard, role: 'VENDOR', workspace: workspaces.vendor },
  { base: paths.designerDashboard, role: 'DESIGNER', workspace: workspaces.designer },
];

/** Route pattern → chunk preload, for hover prefetch. */
const PRELOADS: ReadonlyArray<[string, () => Promise<void>]> = [
  [paths.welcome, pages.welcome.preload],
  [paths.welcomeAlias, pages.welcome.preload],
  [paths.home, pages.home.preload],
  [paths.login, pages.login.preload],
  [paths.register, pages.register.preload],
  [paths.confirmEmail, pages.confirmEmail.preload],
  [paths.arRing, pages.arRing.preload],
  ...STOREFRONT.map(({ path, preload }): [string, () => Promise<void>] => [path, preload]),
  ...WORKSPACES.map(({ base, workspace }): [string, () => Promise<void>] => [`${base}/*`, workspace.preload]),
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
          { path: 'confirm', element: <pages.confirmEmail.Route /> },
        ],
      },
      ...STOREFRONT.map(({ path, element }) => ({ path, element })),
      { path: paths.arRing, element: <pages.arRing.Route /> },
      ...WORKSPACES.map(({ base, role, workspace }) => ({
        path: `${base}/*`,
        element: (
          <RequireRole role={role}>
            <workspace.Route />
          </RequireRole>
        ),
      })),
      { path: '*', element: <pages.notFound.Route /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
