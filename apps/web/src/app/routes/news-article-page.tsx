import { useParams } from 'react-router';
import { NewsArticleView } from '../../features/content/components/news-article-page';
import { findArticle } from '../../features/content/news';
import NotFoundPage from './not-found-page';

export default function NewsArticleRoute() {
  const { slug = '' } = useParams();
  const article = findArticle(slug);
  return article ? <NewsArticleView key={slug} article={article} /> : <NotFoundPage />;
}
