import { lazy, Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { PageIntro } from '../../../components/layout/page-intro';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { brand } from '../../../config/brand';
import { PageMeta } from '../../../lib/page-meta';
import type { BookableBoutique } from '../slots';
import { ContactForm } from './contact-form';
import styles from './contact.module.css';

// Only with `?appointment` in the URL: the dialog's form is not part of the page's first load.
const AppointmentRequestForm = lazy(() => import('./appointment-form').then((m) => ({ default: m.AppointmentRequestForm })));
const loading = <p role="status">Loading...</p>;

export interface ContactPageProps {
  /** Boutiques that take appointments (from the locations API, given by the route). */
  boutiques: readonly BookableBoutique[];
  isLoadingBoutiques: boolean;
}

/** /contact: the contact form, and the appointment request dialog while `?appointment` is in the URL. */
export function ContactPage({ boutiques, isLoadingBoutiques }: ContactPageProps) {
  const [params, setParams] = useSearchParams();
  const isBooking = params.has('appointment');
  const boutiqueId = params.get('boutique') ?? undefined;
  const defaultBoutique = boutiques.find((b) => b.id === boutiqueId)?.label;
  const close = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        ['appointment', 'boutique', 'piece'].forEach((k) => next.delete(k));
        return next;
      },
      { preventScrollReset: true },
    );

  return (
    <>
      <PageMeta title="Contact us" description="Write to the Mirror concierge or request a private appointment in one of our boutiques." />
      <PageIntro eyebrow="Client care" title="Contact us" lead="Our concierge answers every message personally, within one working day." />
      <div className={styles.layout}>
        <aside className={styles.aside} aria-label="Other ways to reach us">
          <div className={styles.asideBlock}>
            <p className="eyebrow">Private appointment</p>
            <p className={styles.asideTitle}>See the pieces in a private salon</p>
            <p className={styles.asideText}>
              Choose a boutique, a day and the pieces you would like to see; we prepare them for your visit.
            </p>
            <div>
              <Button
                variant="secondary"
                onClick={() =>
                  setParams(
                    (c) => {
                      const n = new URLSearchParams(c);
                      n.set('appointment', '1');
                      return n;
                    },
                    { preventScrollReset: true },
                  )
                }
              >
                Book an appointment
              </Button>
            </div>
          </div>
          <div className={styles.asideBlock}>
            <p className="eyebrow">Concierge</p>
            <a href={`mailto:${brand.supportEmail}`}>{brand.supportEmail}</a>
            <a href={`tel:${brand.supportPhone.replace(/[^+\d]/g, '')}`}>{brand.supportPhone}</a>
            <p className={styles.asideText}>Monday to Saturday, 10:00–19:00 (Paris time)</p>
          </div>
        </aside>
        <ContactForm />
      </div>
      <Dialog isOpen={isBooking} onClose={close} title="Book an appointment" size="wide">
        {!isBooking ? null : isLoadingBoutiques ? (
          loading
        ) : (
          <Suspense fallback={loading}>
            <AppointmentRequestForm
              key={`${boutiqueId ?? ''}-${params.get('piece') ?? ''}`}
              boutiques={boutiques}
              defaultBoutique={defaultBoutique}
              defaultPieces={params.get('piece') ?? undefined}
              onDone={close}
            />
          </Suspense>
        )}
      </Dialog>
    </>
  );
}
