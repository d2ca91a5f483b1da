import { paths } from '../../config/routes';
import { buttonClassName } from '../../components/ui/button';
import { PageLink } from '../../components/layout/page-link';
import { Wordmark } from '../../components/layout/wordmark';
import { DiamondMark } from '../../components/brand/diamond-mark';
import styles from './home-page.module.css';

const PILLARS = [
  { title: 'The Collections', text: 'Seasonal high jewelry, each piece set by hand in our Paris ateliers.', to: paths.collections, cta: 'Discover' },
  { title: 'Services', text: 'Bespoke commissions, resizing, engraving and lifetime care.', to: paths.services, cta: 'Explore services' },
  { title: 'Boutiques', text: 'Receive a private presentation in one of our salons.', to: paths.locations, cta: 'Find a boutique' },
] as const;

/** Placeholder landing; the full storefront comes with its own issue. */
export default function HomePage() {
  return (
    <>
      <section className={styles.hero} data-hero="" aria-labelledby="home-title">
        <DiamondMark className={styles.mark} />
        <p className={styles.eyebrow}>
          <Wordmark className={styles.wordmark} />
          <span className={`eyebrow ${styles.collection}`}>Haute Joaillerie · 2025</span>
        </p>
        <h1 id="home-title" className={styles.title}>
          The art of <em>light</em>, held still
        </h1>
        <PageLink to={paths.collections} className={buttonClassName({}, styles.cta)}>
          Discover the collections
        </PageLink>
        <span className={styles.scrollCue} aria-hidden="true" />
      </section>

      <section className={styles.pillars} aria-label="The Maison">
        {PILLARS.map((pillar) => (
          <article key={pillar.title} className={styles.pillar}>
            <h2 className={styles.pillarTitle}>{pillar.title}</h2>
            <p className={styles.pillarText}>{pillar.text}</p>
            <PageLink to={pillar.to} className={buttonClassName({ variant: 'ghost' }, styles.pillarLink)}>
              {pillar.cta}
            </PageLink>
          </article>
        ))}
      </section>
    </>
  );
}
