import { paths } from '../../config/routes';
import { buttonClassName } from '../../components/ui/button';
import { PageLink } from '../../components/layout/page-link';
import styles from './page.module.css';
import { PageMeta } from '../../lib/page-meta';

export default function NotFoundPage() {
  return (
    <section className={styles.page} aria-labelledby="page-title" data-testid="not-found-page">
      <PageMeta title="Page not found" />
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 id="page-title" className={styles.title}>
        This page could not be found
      </h1>
      <hr className={styles.rule} />
      <p className={styles.text}>The piece you are looking for may have moved, or never existed. Allow us to guide you back.</p>
      <div className={styles.actions}>
        <PageLink to={paths.home} className={buttonClassName()}>
          Go to Homepage
        </PageLink>
        <PageLink to={paths.collections} className={buttonClassName({ variant: 'secondary' })}>
          Browse Collections
        </PageLink>
      </div>
    </section>
  );
}
