import { Navigate, useLocation } from 'react-router';
import { PageLink } from '../../../components/layout/page-link';
import { buttonClassName } from '../../../components/ui/button';
import { paths } from '../../../config/routes';
import { PageMeta } from '../../../lib/page-meta';
import styles from './jewelry-week.module.css';

export function SubmitSuccessPage() {
  const state = (useLocation().state ?? {}) as { name?: string; email?: string };
  // Only a submission leads here (it passes who sent it in the history state); a direct visit goes to the form.
  if (!state.name) return <Navigate to={paths.jewelryWeek} replace />;
  return (
    <section className={styles.success} aria-labelledby="page-title" data-testid="submit-success">
      <PageMeta title="Submission received" description="Your portfolio for Mirror in Milan has been received." />
      <p className="eyebrow">Mirror in Milan · Digital Jewelry Week</p>
      <h1 id="page-title" className={styles.title}>
        Thank you{state.name ? `, ${state.name}` : ''}
      </h1>
      <span className={styles.rule} aria-hidden="true" />
      <p className={styles.lead}>
        Your portfolio is with our jury. A confirmation has been sent{state.email ? ` to ${state.email}` : ''}; we answer every designer
        within four weeks.
      </p>
      <PageLink to={paths.home} className={buttonClassName({ variant: 'secondary' })}>
        Return to the Maison
      </PageLink>
    </section>
  );
}
