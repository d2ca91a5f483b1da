import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import { paths } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { PageMeta } from '../../../lib/page-meta';
import { Markdown } from '../markdown';
import type { NewsArticle } from '../content';
import { ArticleCover } from './article-cover';
import styles from './content.module.css';

export function NewsArticleView({ article }: { article: NewsArticle }) {
  return (
    <article>
      <PageMeta title={article.title} description={article.excerpt} />
      <PageIntro
        eyebrow={article.tags.join(' · ')}
        title={article.title}
        lead={
          <>
            <time dateTime={article.date}>{formatDate(article.date)}</time>
          </>
        }
      />
      <div className={styles.container}>
        <div className={styles.articleHero}>
          <ArticleCover
            collection={article.cover}
            art={article.coverArt}
            slot="hero"
            alt={`${article.cover}, the collection`}
            sizes="(max-width: 1200px) 100vw, 1152px"
            isPriority
          />
        </div>
        <Markdown tree={article.body} className={styles.prose} />
        <PageLink to={paths.news} className={styles.back}>
          ← All news
        </PageLink>
      </div>
    </article>
  );
}
