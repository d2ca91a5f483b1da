import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { paths, safeNextPath } from '../../config/routes';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { LoginForm } from '../../features/auth/components/login-form';
import { useSignedInOnArrival } from '../../lib/use-session';
import { PageMeta } from '../../lib/page-meta';
import type { PreparedPage } from '../prepared';

export default function LoginPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  // A confirmed link hands over the account's username.
  const state: unknown = useLocation().state;
  const username =
    state && typeof state === 'object' && typeof (state as { username?: unknown }).username === 'string'
      ? (state as { username: string }).username
      : undefined;
  // Only someone already signed in on arrival is sent on; a sign-in made here navigates itself.
  const wasSignedIn = useSignedInOnArrival() === true;
  const next = safeNextPath(search.get('next'));
  const nextQuery = search.get('next') ? `?next=${encodeURIComponent(next)}` : '';

  if (wasSignedIn) return <Navigate to={next} replace />;
  return (
    <AuthLayout>
      <PageMeta title="Sign in" />
      <LoginForm
        onSignedIn={() => navigate(next, { replace: true })}
        action={`${paths.login}${nextQuery}`}
        formError={search.get('error')}
        registerHref={`${paths.register}${nextQuery}`}
        defaultUsername={username}
      />
    </AuthLayout>
  );
}

/** No data: the form is the page (its query string only changes the links and the form's answer: rendered too). */
export const prepared: PreparedPage = { rendersSearch: true, data: () => ({ queries: [] }) };
