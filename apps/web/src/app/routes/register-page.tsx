import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { paths, safeNextPath } from '../../config/routes';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { RegisterForm } from '../../features/auth/components/register-form';
import { showToast } from '../../components/ui/toast';
import { useSession } from '../../lib/use-session';
import { usePageMeta } from '../../lib/page-meta';

export default function RegisterPage() {
  usePageMeta('Create an account');
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const { user } = useSession();
  // Only someone already signed in on arrival is sent on; a sign-in made here navigates itself.
  const [wasSignedIn] = useState(() => user !== null);
  const next = safeNextPath(search.get('next'));
  const nextQuery = search.get('next') ? `?next=${encodeURIComponent(next)}` : '';

  if (wasSignedIn) return <Navigate to={next} replace />;
  return (
    <AuthLayout>
      <RegisterForm
        loginHref={`${paths.login}${nextQuery}`}
        onRegistered={() => {
          showToast('Welcome to Mirror. Your account is ready.');
          navigate(next, { replace: true });
        }}
      />
    </AuthLayout>
  );
}
