import { useParams } from 'react-router';
import { paths } from '../../config/routes';
import { PageLink } from '../../components/layout/page-link';
import styles from './dark-page.module.css';

/** AR ring view: full screen, dark, no site chrome (SPEC §2). The viewer itself comes with its issue. */
export default function ArRingPage() {
  const { ringId = '' } = useParams();
  return (
    <section className={styles.dark} aria-labelledby="page-title" data-testid="ar-ring-page">
      <div className={styles.inner}>
        <p className={styles.eyebrow}>Try on · Ring {ringId}</p>
        <h1 id="page-title" className={styles.line} style={{ marginTop: 'var(--space-5)' }}>
          AR Ring View
        </h1>
        <hr className={styles.rule} />
        <PageLink to={paths.home} className={styles.eyebrow}>
          Back to the Maison
        </PageLink>
      </div>
    </section>
  );
}
