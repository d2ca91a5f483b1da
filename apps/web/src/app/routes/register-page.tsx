import { Navigate, useSearchParams } from 'react-router';
import { paths, safeNextPath } from '../../config/routes';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { RegisterForm } from '../../features/auth/components/register-form';
import { useSignedInOnArrival } from '../../lib/use-session';
import { PageMeta } from '../../lib/page-meta';
import type { PreparedPage } from '../prepared';

export default function RegisterPage() {
  const [search] = useSearchParams();
  // Someone already signed in has nothing to register.
  const wasSignedIn = useSignedInOnArrival() === true;
  const next = safeNextPath(search.get('next'));
  const nextQuery = search.get('next') ? `?next=${encodeURIComponent(next)}` : '';

  if (wasSignedIn) return <Navigate to={next} replace />;
  return (
    <AuthLayout>
      <PageMeta title="Create an account" />
      <RegisterForm
        action={`${paths.register}${nextQuery}`}
        loginHref={`${paths.login}${nextQuery}`}
        formError={search.get('error')}
        invalidFields={search.get('fields')?.split(',') ?? []}
        isSent={search.has('sent')}
      />
    </AuthLayout>
  );
}

/** No data: the form is the page (its query string only changes the links and the form's answer: rendered too). */
export const prepared: PreparedPage = { rendersSearch: true, data: () => ({ queries: [] }) };
