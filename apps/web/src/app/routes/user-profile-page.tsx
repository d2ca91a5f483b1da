import { useDeferredValue } from 'react';
import { Navigate, useLocation } from 'react-router';
import { to } from '../../config/routes';
import { ProfilePage } from '../../features/account/components/profile-page';
import { useSession } from '../../lib/use-session';
import type { PreparedPage } from '../prepared';

/** Signed in: the profile. Signed out: the sign-in page, which brings the person back here. */
export default function UserProfileRoute() {
  // The session known after hydration renders the profile in a deferred render (React splits it into
  // short tasks), not in the task that ends the hydration (decision 0120).
  const { status, user } = useDeferredValue(useSession());
  const location = useLocation();
  // Pending (the server's render, hydration): the page's heading and skeleton, painted before the app
  // starts; the same elements then fill in (decision 0123).
  if (status !== 'pending' && !user) return <Navigate to={to.login(location.pathname)} replace />;
  return <ProfilePage isSessionPending={status === 'pending'} />;
}

/** Private: the server knows no session (tokens live in the browser), so it renders the frame with the page's heading and a skeleton. */
export const prepared: PreparedPage = { data: () => ({ queries: [] }) };
