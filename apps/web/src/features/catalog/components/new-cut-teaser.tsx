import { PageLink } from '../../../components/layout/page-link';
import { Reveal } from '../../../components/motion/reveal';
import { paths } from '../../../config/routes';
import { NEW_CUT } from '../new-cut';
import { CutPlan } from './cut-diagram';
import styles from './new-cut-teaser.module.css';

/** The home page's editorial band for the house's newest cut: its drawing face up, a line, the way in. */
export function NewCutTeaser() {
  return (
    <Reveal as="section" className={styles.band} aria-labelledby="home-new-cut">
      <div className={styles.media}>
        <CutPlan
          spec={NEW_CUT.spec}
          side="crown"
          label={`${NEW_CUT.name}, face up: its fifty-seven facets drawn out along the length`}
          className={styles.drawing}
        />
      </div>
      <div className={styles.text}>
        <p className="eyebrow">The new cut · {NEW_CUT.year}</p>
        <h2 id="home-new-cut" className={styles.title}>
          {NEW_CUT.name}
        </h2>
        <p className={styles.story}>
          A brilliant drawn out to one and four tenths of its width — the one cut both of this season’s collections share.
        </p>
        <PageLink to={paths.newCut} className={styles.link}>
          Discover the new cut
        </PageLink>
      </div>
    </Reveal>
  );
}
