import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { Role } from '@mirror/contract';
import { RouteLoading } from '../components/feedback/route-loading';
import { to } from '../config/routes';
import { hasRole } from '../lib/session';
import { useSession } from '../lib/use-session';
import { pages } from './pages';

/**
 * Protected wrapper (docs/product.md §6). Signed out → the sign-in page, which brings the person back here;
 * signed in without the role → the 403 page, at the same URL.
 */
export function RequireRole({ role, children }: { role: Role; children: ReactNode }) {
  const { status, user } = useSession();
  const location = useLocation();
  if (status === 'pending') return <RouteLoading />;
  if (!user) return <Navigate to={to.login(`${location.pathname}${location.search}`)} replace />;
  if (!hasRole(user, role)) return <pages.forbidden.Route />;
  return <>{children}</>;
}
