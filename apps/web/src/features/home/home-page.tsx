import type { Image } from '@mirror/contract';
import { paths } from '../../config/routes';
import { buttonClassName } from '../../components/ui/button';
import { PageLink } from '../../components/layout/page-link';
import { ResponsiveImage } from '../../components/media/responsive-image';
import { PageMeta } from '../../lib/page-meta';
import styles from './home-page.module.css';

export interface HomeHeroProps {
  /** The hero piece (the lead featured collection's cover), when it has loaded. */
  piece?: { image: Image; name: string } | null;
}

/** Full-bleed entrance of /home: one piece, one line of display type, one call to action. */
export function HomeHero({ piece }: HomeHeroProps) {
  return (
    <section className={styles.hero} data-hero="" aria-labelledby="home-title">
      <PageMeta
        title="High jewelry and diamonds"
        description="Mirror, maison of diamonds and fine jewelry: seasonal high jewelry collections, bespoke commissions and boutiques in Paris, Milan and beyond."
      />
      <div className={styles.heroText}>
        <p className={`eyebrow ${styles.collection}`}>Haute Joaillerie · 2025</p>
        {/* Set line by line: the height never depends on which face has arrived (no shift on swap). */}
        <h1 id="home-title" className={styles.title}>
          <span className={styles.line}>The art</span>{' '}
          <span className={styles.line}>
            of <em>light</em>,
          </span>{' '}
          <span className={styles.line}>held still</span>
        </h1>
        <PageLink to={paths.collections} className={buttonClassName({}, styles.cta)}>
          Discover the collections
        </PageLink>
      </div>
      <div className={styles.heroMedia}>
        {piece ? <ResponsiveImage image={piece.image} sizes="(max-width: 767px) 100vw, 50vw" isPriority alt={piece.name} /> : null}
      </div>
      <span className={styles.scrollCue} aria-hidden="true" />
    </section>
  );
}
