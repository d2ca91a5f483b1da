import { useSearchParams } from 'react-router';
import { PageIntro } from '../../../components/layout/page-intro';
import { PageLink } from '../../../components/layout/page-link';
import { paths, to } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { PageMeta } from '../../../lib/page-meta';
import { archiveFacets, archiveHref, archivePage, readArchiveQuery, type ArchiveQuery } from '../archive';
import { articles } from '../news';
import styles from './content.module.css';

const facets = archiveFacets(articles);

/** The journal's archive: every article, by year, filtered by year and topic, twelve to a page. */
export function AllNewsPage() {
  const [params] = useSearchParams();
  const query = readArchiveQuery(params);
  const result = archivePage(articles, query);
  const href = (change: Partial<ArchiveQuery>) => archiveHref(paths.allNews, { ...query, page: 1, ...change });

  return (
    <>
      <PageMeta title="All the news" description="Every article from the Mirror journal, by year and by topic." />
      <PageIntro eyebrow="Journal" title="All the news" lead="Every article since the journal began, by year and by topic." />
      <div className={styles.container}>
        <div className={styles.archiveFilters}>
          <nav aria-label="Years">
            <ul className={styles.tags}>
              <li>
                <PageLink to={href({ year: null })} className={styles.tag} aria-current={query.year ? undefined : 'true'} variant="quick">
                  All years
                </PageLink>
              </li>
              {facets.years.map((y) => (
                <li key={y}>
                  <PageLink
                    to={href({ year: y })}
                    className={styles.tag}
                    aria-current={query.year === y ? 'true' : undefined}
                    variant="quick"
                  >
                    {y}
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
          <nav aria-label="Topics">
            <ul className={styles.tags}>
              <li>
                <PageLink to={href({ tag: null })} className={styles.tag} aria-current={query.tag ? undefined : 'true'} variant="quick">
                  All topics
                </PageLink>
              </li>
              {facets.tags.map((t) => (
                <li key={t}>
                  <PageLink
                    to={href({ tag: t })}
                    className={styles.tag}
                    aria-current={query.tag === t ? 'true' : undefined}
                    variant="quick"
                  >
                    {t}
                  </PageLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <p className={styles.archiveCount} role="status">
          {result.total === 1 ? '1 article' : `${result.total} articles`}
        </p>
        {result.total === 0 ? (
          <p className={styles.archiveEmpty}>
            Nothing under these filters. <PageLink to={paths.allNews}>See every article</PageLink>.
          </p>
        ) : (
          result.years.map(({ year, articles: list }) => (
            <section key={year} className={styles.archiveYear} aria-labelledby={`year-${year}`}>
              <h2 id={`year-${year}`} className={styles.archiveYearTitle}>
                {year}
              </h2>
              <ul className={styles.archiveList} data-testid="archive-list">
                {list.map((article) => (
                  <li key={article.slug}>
                    <PageLink to={to.newsArticle(article.slug)} className={styles.archiveRow}>
                      <time dateTime={article.date} className={styles.archiveDate}>
                        {formatDate(article.date)}
                      </time>
                      <span className={styles.archiveText}>
                        <span className={styles.archiveTitle}>{article.title}</span>
                        <span className={styles.archiveExcerpt}>{article.excerpt}</span>
                      </span>
                      <span className={styles.archiveTopics}>{article.tags.join(', ')}</span>
                    </PageLink>
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
        {result.totalPages > 1 ? (
          <nav className={styles.archivePager} aria-label="Pages">
            {result.page > 1 ? <PageLink to={archiveHref(paths.allNews, { ...query, page: result.page - 1 })}>Newer</PageLink> : <span />}
            <span>
              Page {result.page} of {result.totalPages}
            </span>
            {result.page < result.totalPages ? (
              <PageLink to={archiveHref(paths.allNews, { ...query, page: result.page + 1 })}>Older</PageLink>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </div>
    </>
  );
}
