import { Navigate, createBrowserRouter, matchPath, type RouteObject } from 'react-router';
import type { Role } from '@mirror/contract';
import { paths } from '../config/routes';
import { AppShell } from './app-shell';
import { pages } from './pages';
import { RequireRole } from './require-role';
import { RouteError } from './routes/route-error';

/** Pages that other issues build; until then a branded placeholder with their title. */
const PLACEHOLDERS: ReadonlyArray<{ path: string; title: string; eyebrow: string }> = [
  { path: paths.products, title: 'Products', eyebrow: 'High jewelry' },
  { path: paths.productsV2, title: 'Products', eyebrow: 'High jewelry' },
  { path: paths.productsLeft, title: 'Products', eyebrow: 'High jewelry' },
  { path: paths.allGems, title: 'All Gems', eyebrow: 'The stones' },
  { path: paths.collections, title: 'Collections', eyebrow: 'The collections' },
  { path: paths.collectionDetail, title: 'Collection', eyebrow: 'The collections' },
  { path: paths.services, title: 'Services', eyebrow: 'Client services' },
  { path: paths.servicesDetail, title: 'Service', eyebrow: 'Client services' },
  { path: paths.support, title: 'Support', eyebrow: 'Client care' },
  { path: paths.contact, title: 'Contact us', eyebrow: 'Client care' },
  { path: paths.about, title: 'About Mirror', eyebrow: 'The Maison' },
  { path: paths.locations, title: 'Locations', eyebrow: 'Our boutiques' },
  { path: paths.news, title: 'News', eyebrow: 'Journal' },
  { path: paths.newsArticle, title: 'News', eyebrow: 'Journal' },
  { path: paths.immersiveShowroom, title: 'Immersive Showroom', eyebrow: 'Experience' },
  { path: paths.jewelryWeek, title: 'Mirror in Milan — Digital Jewelry Week', eyebrow: 'Submission' },
  { path: paths.jewelryWeekSuccess, title: 'Submission received', eyebrow: 'Digital Jewelry Week' },
  { path: paths.hoverExpand, title: 'Hover Expand', eyebrow: 'Experience' },
  { path: paths.view360, title: '360° View', eyebrow: 'Experience' },
  { path: paths.userProfile, title: 'My Profile', eyebrow: 'Your account' },
];

const DASHBOARDS: ReadonlyArray<{ path: string; title: string; role: Role }> = [
  { path: paths.adminManageProducts, title: 'Manage products', role: 'ADMIN' },
  { path: paths.adminDashboard, title: 'Admin Dashboard', role: 'ADMIN' },
  { path: paths.vendorDashboard, title: 'Vendor Dashboard', role: 'VENDOR' },
  { path: paths.designerDashboard, title: 'Designer Dashboard', role: 'DESIGNER' },
];

/** Route pattern → chunk preload, for hover prefetch. */
const PRELOADS: ReadonlyArray<[string, () => void]> = [
  [paths.welcome, pages.welcome.preload],
  [paths.welcomeAlias, pages.welcome.preload],
  [paths.home, pages.home.preload],
  [paths.login, pages.login.preload],
  [paths.register, pages.register.preload],
  [paths.arRing, pages.arRing.preload],
  ...PLACEHOLDERS.map(({ path }): [string, () => void] => [path, pages.placeholder.preload]),
  ...DASHBOARDS.map(({ path }): [string, () => void] => [path, pages.dashboard.preload]),
];

export function preloadRoute(pathname: string): void {
  const hit = PRELOADS.find(([pattern]) => matchPath({ path: pattern, end: true }, pathname));
  (hit?.[1] ?? pages.notFound.preload)();
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
      ...PLACEHOLDERS.map(({ path, title, eyebrow }) => ({
        path,
        element: <pages.placeholder.Route key={path} title={title} eyebrow={eyebrow} />,
      })),
      { path: paths.arRing, element: <pages.arRing.Route /> },
      ...DASHBOARDS.map(({ path, title, role }) => ({
        path,
        element: (
          <RequireRole role={role}>
            <pages.dashboard.Route key={path} title={title} />
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
