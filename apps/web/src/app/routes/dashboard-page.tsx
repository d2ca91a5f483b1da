import { paths } from '../../config/routes';
import { PageLink } from '../../components/layout/page-link';
import { Wordmark } from '../../components/layout/wordmark';
import styles from './dashboard-page.module.css';

/** Back-office placeholder: the dashboards have no site chrome, so they carry their own way home. */
export default function DashboardPage({ title }: { title: string }) {
  return (
    <div className={styles.layout} data-testid="dashboard-page">
      <aside className={styles.sidebar}>
        <PageLink to={paths.home} className={styles.brand} aria-label="Mirror, home">
          <Wordmark />
        </PageLink>
        <PageLink to={paths.home} className={styles.back}>
          Back to the Maison
        </PageLink>
      </aside>
      <section className={styles.content} aria-labelledby="page-title">
        <p className="eyebrow">Back-office</p>
        <h1 id="page-title" className={styles.title}>
          {title}
        </h1>
      </section>
    </div>
  );
}
