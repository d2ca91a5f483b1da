import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import { buttonClassName } from '../../../components/ui/button';
import { paths } from '../../../config/routes';
import { PageMeta } from '../../../lib/page-meta';
import { aboutPage } from '../editorial';
import { Markdown } from '../markdown';
import styles from './content.module.css';

export function AboutPage() {
  return (
    <article>
      <PageMeta title="About Mirror" description={aboutPage.summary} />
      <PageIntro eyebrow="The Maison" title={aboutPage.title} lead={aboutPage.summary} />
      <div className={styles.container}>
        <Markdown tree={aboutPage.body} className={styles.prose} />
        <div className={styles.cta}>
          <PageLink to={paths.collections} className={buttonClassName()}>
            Discover the collections
          </PageLink>
          <PageLink to={paths.locations} className={buttonClassName({ variant: 'secondary' })}>
            Visit a boutique
          </PageLink>
        </div>
      </div>
    </article>
  );
}
