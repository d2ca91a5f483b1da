import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import { buttonClassName } from '../../../components/ui/button';
import { paths } from '../../../config/routes';
import { PageMeta } from '../../../lib/page-meta';
import { aboutPage } from '../editorial';
import { Markdown } from '../markdown';
import type { MarkdownTree } from '../markdown-tree';
import type { PageFigure } from '../content';
import { ContentFigure } from './content-figure';
import styles from './content.module.css';

/** The body cut where each figure stands (the build placed them, in order): the text before, then each figure with the text after it. */
function sections(body: MarkdownTree, figures: PageFigure[]) {
  const cuts = [0, ...figures.map((f) => f.at), body.length];
  return [null, ...figures].map((figure, i) => ({ figure, tree: body.slice(cuts[i], cuts[i + 1]) }));
}

export function AboutPage() {
  return (
    <article>
      <PageMeta title="About Mirror" description={aboutPage.summary} />
      <PageIntro eyebrow="The Maison" title={aboutPage.title} lead={aboutPage.summary} />
      <div className={styles.container}>
        {sections(aboutPage.body, aboutPage.figures).map(({ figure, tree }, i) => (
          <div key={figure?.image.src ?? i} className={styles.section}>
            {/* The first drawing is a wide screen's largest paint: loaded first (on a phone it is past the first screen, and small). */}
            {figure ? <ContentFigure image={figure.image} caption={figure.caption} isWide={figure.isWide} isPriority={i === 1} /> : null}
            {tree.length ? <Markdown tree={tree} className={styles.prose} /> : null}
          </div>
        ))}
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
