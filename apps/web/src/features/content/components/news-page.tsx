import { useSearchParams } from 'react-router';
import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import { buttonClassName } from '../../../components/ui/button';
import { paths, to } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { PageMeta } from '../../../lib/page-meta';
import { articles } from '../news';
import { ArticleCover } from './article-cover';
import styles from './content.module.css';

export function NewsPage() {
  const [params] = useSearchParams();
  const tag = params.get('tag');
  const tags = [...new Set(articles.flatMap((a) => a.tags))].sort();
  const list = tag ? articles.filter((a) => a.tags.includes(tag)) : articles;
  return (
    <>
      <PageMeta title="News" description="News from the Mirror Maison: collections, savoir-faire, boutiques and events." />
      <PageIntro eyebrow="Journal" title="News from the Maison" lead="Collections, ateliers, stones and the people who set them." />
      <div className={styles.container}>
        <nav aria-label="Topics">
          <ul className={styles.tags}>
            <li>
              <PageLink to="/news" className={styles.tag} aria-current={tag ? undefined : 'true'} variant="quick">
                All
              </PageLink>
            </li>
            {tags.map((t) => (
              <li key={t}>
                <PageLink
                  to={`/news?tag=${encodeURIComponent(t)}`}
                  className={styles.tag}
                  aria-current={t === tag ? 'true' : undefined}
                  variant="quick"
                >
                  {t}
                </PageLink>
              </li>
            ))}
          </ul>
        </nav>
        <ul className={styles.articles} data-testid="news-list">
          {list.map((article, i) => (
            <li key={article.slug}>
              <PageLink to={to.newsArticle(article.slug)} className={styles.card}>
                <ArticleCover
                  collection={article.cover}
                  art={article.coverArt}
                  slot="card"
                  alt=""
                  sizes={i === 0 ? '(max-width: 1023px) 100vw, 60vw' : '(max-width: 767px) 100vw, (max-width: 1023px) 50vw, 33vw'}
                  isPriority={i === 0}
                />
                <div className={styles.cardText}>
                  <p className={styles.meta}>
                    <time dateTime={article.date}>{formatDate(article.date)}</time>
                    <span aria-hidden="true">·</span>
                    <span>{article.tags.join(', ')}</span>
                  </p>
                  <h2 className={styles.cardTitle}>{article.title}</h2>
                  <p className={styles.cardExcerpt}>{article.excerpt}</p>
                </div>
              </PageLink>
            </li>
          ))}
        </ul>
        <p className={styles.newsArchiveLink}>
          <PageLink to={paths.allNews} className={buttonClassName({ variant: 'secondary' })}>
            Every article, by year
          </PageLink>
        </p>
      </div>
    </>
  );
}
