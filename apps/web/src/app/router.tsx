import { Navigate, createBrowserRouter, matchPath, type RouteObject } from 'react-router';
import type { Role } from '@mirror/contract';
import { paths } from '../config/routes';
import { AppShell } from './app-shell';
import type { LazyPage } from './lazy-page';
import { pages, workspaces } from './pages';
import { RequireRole } from './require-role';
import { RouteError } from './routes/route-error';

/** The storefront pages (issue 6): path → lazy page and its props. */
interface StorefrontPage {
  path: string;
  page: LazyPage<object>;
  props?: object;
  /** Remounts the page when the route changes between paths sharing a page (the product layouts). */
  key?: string;
}

const product = (path: string, layout: 'grid' | 'large' | 'sidebar'): StorefrontPage => ({
  path,
  page: pages.products as LazyPage<object>,
  props: { layout },
  key: layout,
});

const STOREFRONT: readonly StorefrontPage[] = [
  { path: paths.home, page: pages.home },
  product(paths.products, 'grid'),
  product(paths.productsV2, 'large'),
  product(paths.productsLeft, 'sidebar'),
  { path: paths.productDetail, page: pages.productDetail },
  { path: paths.allGems, page: pages.allGems },
  { path: paths.collections, page: pages.collections },
  { path: paths.collectionDetail, page: pages.collectionDetail },
  { path: paths.services, page: pages.services },
  { path: paths.servicesDetail, page: pages.serviceDetail },
  { path: paths.support, page: pages.support },
  { path: paths.about, page: pages.about },
  { path: paths.news, page: pages.news },
  { path: paths.newsArticle, page: pages.newsArticle },
  { path: paths.allNews, page: pages.allNews },
  { path: paths.newCut, page: pages.newCut },
  { path: paths.contact, page: pages.contact },
  { path: paths.locations, page: pages.locations },
  { path: paths.hoverExpand, page: pages.hoverExpand },
  { path: paths.userProfile, page: pages.userProfile },
  { path: paths.jewelryWeek, page: pages.jewelryWeek },
  { path: paths.jewelryWeekSuccess, page: pages.jewelryWeekSuccess },
  { path: paths.immersiveShowroom, page: pages.immersiveShowroom },
  { path: paths.view360, page: pages.view360 },
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
  [paths.login, pages.login.preload],
  [paths.register, pages.register.preload],
  [paths.confirmEmail, pages.confirmEmail.preload],
  [paths.arRing, pages.arRing.preload],
  ...STOREFRONT.map(({ path, page }): [string, () => Promise<void>] => [path, page.preload]),
  ...WORKSPACES.map(({ base, workspace }): [string, () => Promise<void>] => [`${base}/*`, workspace.preload]),
];

/** Loads the lazy chunk of the page at `pathname`; resolves once it is there (or has failed). */
export function preloadRoute(pathname: string): Promise<void> {
  const hit = PRELOADS.find(([pattern]) => matchPath({ path: pattern, end: true }, pathname));
  return (hit?.[1] ?? pages.notFound.preload)();
}

/** The handle of a storefront route: its page's module, as Vite's manifest names it. */
export interface StorefrontHandle {
  module?: string;
}

/**
 * What the server adds to a storefront route to prepare it (entry-server.tsx): its data, which comes
 * with the page's module (`route.lazy`). The browser's routes have none (none of it is in its bundle).
 */
export type RouteData = (page: LazyPage<object>, props: object) => Pick<RouteObject, 'lazy'>;

function storefrontRoute({ path, page, props = {}, key }: StorefrontPage, data: RouteData | undefined): RouteObject {
  const route: RouteObject = {
    path,
    element: <page.Route key={key} {...props} />,
    handle: { module: page.module } satisfies StorefrontHandle,
  };
  return data ? { ...route, ...data(page, props) } : route;
}

/** The app's routes; `data`: the server's data routes (entry-server.tsx). */
export function appRoutes(data?: RouteData): RouteObject[] {
  return [
    {
      id: 'root',
      element: <AppShell preloadRoute={preloadRoute} />,
      // Any rendering failure below (a lazy chunk that cannot load included) lands here.
      errorElement: <RouteError />,
      children: [
        // The entrance, sign-in and registration are prepared like the storefront's pages (rendered on the
        // server). The forms keep what is typed before hydration and post to the server until then (decision 0121).
        storefrontRoute({ path: paths.welcome, page: pages.welcome }, data),
        storefrontRoute({ path: paths.welcomeAlias, page: pages.welcome }, data),
        {
          path: paths.auth,
          children: [
            { index: true, element: <Navigate to={paths.login} replace /> },
            storefrontRoute({ path: 'login', page: pages.login }, data),
            storefrontRoute({ path: 'register', page: pages.register }, data),
            { path: 'confirm', element: <pages.confirmEmail.Route /> },
          ],
        },
        ...STOREFRONT.map((page) => storefrontRoute(page, data)),
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
}

/** The browser's routes: elements only (each page asks for its own data; the first page's is inlined). */
export const routes: RouteObject[] = appRoutes();

export function createRouter() {
  return createBrowserRouter(routes);
}
