import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths, safeNextPath } from '../../config/routes';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useSession } from '../../lib/use-session';
import { PageMeta } from '../../lib/page-meta';

export default function RegisterPage() {
  const [search] = useSearchParams();
  const { user } = useSession();
  // Someone already signed in has nothing to register.
  const [wasSignedIn] = useState(() => user !== null);
  const next = safeNextPath(search.get('next'));
  const nextQuery = search.get('next') ? `?next=${encodeURIComponent(next)}` : '';

  if (wasSignedIn) return <Navigate to={next} replace />;
  return (
    <AuthLayout>
      <PageMeta title="Create an account" />
      <RegisterForm loginHref={`${paths.login}${nextQuery}`} />
    </AuthLayout>
  );
}
