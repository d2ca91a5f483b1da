import { brand } from '../../config/brand';
import { paths } from '../../config/routes';
import { buttonClassName } from '../../components/ui/button';
import { PageLink } from '../../components/layout/page-link';
import { PageMeta } from '../../lib/page-meta';
import type { PreparedPage } from '../prepared';
import styles from './dark-page.module.css';

/** The brand entrance at / and /welcome: dark, quiet, one way in. */
export default function WelcomePage() {
  return (
    <section className={styles.dark} aria-labelledby="welcome-title" data-testid="welcome-page">
      <PageMeta />
      <div className={styles.inner}>
        <p className={styles.eyebrow}>Maison de haute joaillerie</p>
        <h1 id="welcome-title" className={styles.wordmark}>
          {brand.name}
        </h1>
        <p className={styles.line}>Light, held still.</p>
        <hr className={styles.rule} />
        <PageLink to={paths.home} variant="crossfade" className={buttonClassName({ variant: 'on-dark' }, styles.cta)}>
          Enter the Maison
        </PageLink>
      </div>
      <p className={styles.footnote}>Paris · Milan · New York</p>
    </section>
  );
}

/** The app's own content: no data, its wordmark is the largest paint. */
export const prepared: PreparedPage = { data: () => ({ queries: [] }) };
