import { paths } from '../../config/routes';
import { buttonClassName } from '../../components/ui/button';
import { PageLink } from '../../components/layout/page-link';
import styles from './page.module.css';
import { PageMeta } from '../../lib/page-meta';

/** Signed in, but without the role the page requires. */
export default function ForbiddenPage() {
  return (
    <section className={styles.page} aria-labelledby="page-title" data-testid="forbidden-page">
      <PageMeta title="Access reserved" />
      <p className={styles.code} aria-hidden="true">
        403
      </p>
      <h1 id="page-title" className={styles.title}>
        Access reserved
      </h1>
      <hr className={styles.rule} />
      <p className={styles.text}>Your account does not have access to this page. If you believe it should, please contact client care.</p>
      <div className={styles.actions}>
        <PageLink to={paths.home} className={buttonClassName()}>
          Go to Homepage
        </PageLink>
        <PageLink to={paths.support} className={buttonClassName({ variant: 'secondary' })}>
          Contact Support
        </PageLink>
      </div>
    </section>
  );
}
