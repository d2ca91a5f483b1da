/**
 * Which chrome a path gets (docs/product.md §2 "Chrome"). Prefix rules match the path itself and anything
 * below it (`/ar/rings*`), never a longer sibling word (`/welcome-back` keeps its chrome).
 */
import { paths } from '../../config/routes';

function matches(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/** `/universe-final*` and `/hover-expand*` are prefixes in the spec; they also cover `-v2` style siblings. */
function startsWithWord(pathname: string, prefix: string): boolean {
  return pathname.startsWith(prefix);
}

const DASHBOARDS = [paths.adminDashboard, paths.vendorDashboard, paths.designerDashboard];

export function normalisePath(pathname: string): string {
  if (pathname.length > 1 && pathname.endsWith('/')) return pathname.replace(/\/+$/, '') || '/';
  return pathname;
}

export function isNavbarHidden(rawPath: string): boolean {
  const pathname = normalisePath(rawPath);
  return (
    pathname === paths.welcome ||
    pathname === paths.welcomeAlias ||
    startsWithWord(pathname, paths.universeFinal) ||
    startsWithWord(pathname, paths.hoverExpand) ||
    matches(pathname, '/ar/rings') ||
    DASHBOARDS.some((dashboard) => matches(pathname, dashboard))
  );
}

export function isFooterHidden(rawPath: string): boolean {
  const pathname = normalisePath(rawPath);
  return isNavbarHidden(pathname) || matches(pathname, paths.immersiveShowroom) || matches(pathname, paths.jewelryWeek);
}

/** The logo does not navigate on the showroom and jewelry week pages. */
export function isLogoDisabled(rawPath: string): boolean {
  const pathname = normalisePath(rawPath);
  return matches(pathname, paths.immersiveShowroom) || matches(pathname, paths.jewelryWeek);
}

export function isJewelryWeekPage(rawPath: string): boolean {
  return matches(normalisePath(rawPath), paths.jewelryWeek);
}

export function isHomePage(rawPath: string): boolean {
  return normalisePath(rawPath) === paths.home;
}
