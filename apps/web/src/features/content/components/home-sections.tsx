import { PageLink } from '../../../components/layout/page-link';
import { Reveal } from '../../../components/motion/reveal';
import { paths, to } from '../../../config/routes';
import { formatDate } from '../../../lib/format';
import { articles } from '../news';
import { services } from '../services';
import { ArticleCover } from './article-cover';
import styles from './home-sections.module.css';

export function ServicesTeaser() {
  return (
    <Reveal as="section" className={styles.services} aria-labelledby="home-services">
      <div className={styles.servicesIntro}>
        <p className="eyebrow">Client services</p>
        <h2 id="home-services" className={styles.title}>
          For the life of every piece
        </h2>
        <PageLink to={paths.services} className={styles.textLink}>
          All services
        </PageLink>
      </div>
      <ol className={styles.serviceList}>
        {services.slice(0, 4).map((service, i) => (
          <li key={service.slug}>
            <span className={styles.index} aria-hidden="true">
              {String(i + 1).padStart(2, '0')}
            </span>
            <div>
              <h3 className={styles.serviceTitle}>
                <PageLink to={`${paths.servicesDetail}?service=${service.slug}`}>{service.title}</PageLink>
              </h3>
              <p className={styles.muted}>{service.summary}</p>
            </div>
          </li>
        ))}
      </ol>
    </Reveal>
  );
}

export function LatestNews() {
  return (
    <Reveal as="section" className={styles.news} aria-labelledby="home-news">
      <div className={styles.head}>
        <p className="eyebrow">Journal</p>
        <h2 id="home-news" className={styles.title}>
          News from the Maison
        </h2>
      </div>
      <ul className={styles.newsGrid}>
        {articles.slice(0, 3).map((article) => (
          <li key={article.slug}>
            <PageLink to={to.newsArticle(article.slug)} className={styles.article}>
              <ArticleCover collection={article.cover} art={article.coverArt} slot="card" alt="" sizes="(max-width: 767px) 100vw, 33vw" />
              <time className={styles.date} dateTime={article.date}>
                {formatDate(article.date)}
              </time>
              <h3 className={styles.articleTitle}>{article.title}</h3>
            </PageLink>
          </li>
        ))}
      </ul>
      <p className={styles.more}>
        <PageLink to={paths.news} className={styles.textLink}>
          All news
        </PageLink>
      </p>
    </Reveal>
  );
}
