import { useParams } from 'react-router';
import { NewsArticleView } from '../../features/content/components/news-article-page';
import { findArticle } from '../../features/content/news';
import NotFoundPage from './not-found-page';
import type { PreparedPage } from '../prepared';
import { coverQuery } from '../../features/content/api/content.queries';

export default function NewsArticleRoute() {
  const { slug = '' } = useParams();
  const article = findArticle(slug);
  return article ? <NewsArticleView key={slug} article={article} /> : <NotFoundPage />;
}

/** An article's cover; an unknown slug is the browser's not-found page. */
export const prepared: PreparedPage = {
  data: ({ params }) => {
    const article = findArticle(params.slug ?? '');
    if (!article) return null;
    return { queries: [coverQuery(article.cover)] };
  },
};
