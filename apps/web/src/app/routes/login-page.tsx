import { useState } from 'react';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths, safeNextPath } from '../../config/routes';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { LoginForm } from '../../features/auth/components/login-form';
import { useSession } from '../../lib/use-session';
import { PageMeta } from '../../lib/page-meta';

export default function LoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  // A confirmed link hands over the account's username.
  const state: unknown = useLocation().state;
  const username =
    state && typeof state === 'object' && typeof (state as { username?: unknown }).username === 'string'
      ? (state as { username: string }).username
      : undefined;
  // Only someone already signed in on arrival is sent on; a sign-in made here navigates itself.
  const [wasSignedIn] = useState(() => user !== null);
  const next = safeNextPath(search.get('next'));
  const nextQuery = search.get('next') ? `?next=${encodeURIComponent(next)}` : '';

  if (wasSignedIn) return <Navigate to={next} replace />;
  return (
    <AuthLayout>
      <PageMeta title="Sign in" />
      <LoginForm
        onSignedIn={() => navigate(next, { replace: true })}
        registerHref={`${paths.register}${nextQuery}`}
        defaultUsername={username}
      />
    </AuthLayout>
  );
}
