import { paths } from '../../config/routes';
import { PageLink } from '../../components/layout/page-link';
import styles from './page.module.css';

export interface PlaceholderPageProps {
  title: string;
  eyebrow: string;
}

/** Branded placeholder for pages another issue builds: the title, nothing more. */
export default function PlaceholderPage({ title, eyebrow }: PlaceholderPageProps) {
  return (
    <section className={styles.page} aria-labelledby="page-title" data-testid="placeholder-page">
      <p className={`eyebrow ${styles.eyebrow}`}>{eyebrow}</p>
      <h1 id="page-title" className={styles.title}>
        {title}
      </h1>
      <hr className={styles.rule} />
      <p className={styles.text}>
        <PageLink to={paths.home}>Return to the Maison</PageLink>
      </p>
    </section>
  );
}
