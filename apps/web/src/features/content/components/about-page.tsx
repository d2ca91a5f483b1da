import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import { buttonClassName } from '../../../components/ui/button';
import { paths } from '../../../config/routes';
import { PageMeta } from '../../../lib/page-meta';
import { aboutPage } from '../editorial';
import { Markdown } from '../markdown';
import { inlineText, type MarkdownTree } from '../markdown-tree';
import type { PageFigure } from '../content';
import { ContentFigure } from './content-figure';
import styles from './content.module.css';

/** The body cut before each heading a figure names (the build checked they exist); the rest after the body. */
function sections(body: MarkdownTree, figures: PageFigure[]) {
  const parts: { figure: PageFigure | null; tree: MarkdownTree }[] = [{ figure: null, tree: [] }];
  for (const block of body) {
    const figure = block.t === 'h' ? figures.find((f) => f.before === inlineText(block.c)) : undefined;
    if (figure) parts.push({ figure, tree: [] });
    parts[parts.length - 1]!.tree.push(block);
  }
  const after = figures.filter((f) => f.before === undefined).map((figure) => ({ figure, tree: [] }));
  return [...parts, ...after];
}

export function AboutPage() {
  return (
    <article>
      <PageMeta title="About Mirror" description={aboutPage.summary} />
      <PageIntro eyebrow="The Maison" title={aboutPage.title} lead={aboutPage.summary} />
      <div className={styles.container}>
        {sections(aboutPage.body, aboutPage.figures).map(({ figure, tree }, i) => (
          <div key={figure?.image.src ?? i} className={styles.section}>
            {figure ? <ContentFigure image={figure.image} caption={figure.caption} isWide={figure.isWide} /> : null}
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
