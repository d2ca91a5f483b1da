import { useSearchParams } from 'react-router';
import { paths } from '../../config/routes';
import { AuthLayout } from '../../features/auth/components/auth-layout';
import { ConfirmEmail } from '../../features/auth/components/confirm-email';
import { PageMeta } from '../../lib/page-meta';
import { useSession } from '../../lib/use-session';

/** `/auth/confirm?token=…`: where the emailed confirmation links land. */
export default function ConfirmEmailPage() {
  const [search] = useSearchParams();
  const { user } = useSession();
  return (
    <AuthLayout>
      <PageMeta title="Confirm your address" />
      <ConfirmEmail
        token={search.get('token')}
        isSignedIn={user !== null}
        loginHref={paths.login}
        registerHref={paths.register}
        profileHref={paths.userProfile}
      />
    </AuthLayout>
  );
}
